import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { specInput, type GeneratedFile } from "../../../generator/index.js";
import { SpecError } from "../../../generator/diagnostics/index.js";
import { layoutProblems } from "../../helpers/layout.js";
import { fixtures } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { goldenFiles } from "../../helpers/goldens.js";

// targets.mcp.runtime: the bin imports the named package's createRuntime and passes it to runStdio.
// Without the setting the bin is the plain one (its golden is __snapshots__/minimal/bin/acme-mcp.js).

const minimalPath = path.join(fixtures, "valid/minimal/tools.yaml");
const minimalText = fs.readFileSync(minimalPath, "utf8");

function withRuntime(runtime: unknown): string {
  const spec = parse(minimalText);
  spec.targets.mcp.runtime = runtime;
  return stringify(spec);
}

function mcpFiles(text: string): Map<string, string> {
  const { files } = generateFromDisk(
    specInput(minimalPath, text, path.dirname(minimalPath)),
  );
  return new Map(
    files
      .filter((f: GeneratedFile) => f.path.startsWith("mcp/"))
      .map((f) => [f.path.slice("mcp/".length), f.content]),
  );
}

describe("targets.mcp.runtime", () => {
  const files = mcpFiles(withRuntime("@acme/notes-runtime"));

  it("makes the bin import the runtime and hand it to runStdio", async () => {
    await expect(files.get("bin/acme-mcp.js")).toMatchFileSnapshot(
      "__snapshots__/minimal-runtime/bin/acme-mcp.js",
    );
    // The only golden of its folder: a stale one would fail here.
    expect(
      goldenFiles(
        path.join(import.meta.dirname, "__snapshots__/minimal-runtime"),
      ),
    ).toEqual(["bin/acme-mcp.js"]);
  });

  it("makes the runtime a peer dependency of the package, in any version unless runtime_version says", () => {
    const plain = JSON.parse(mcpFiles(minimalText).get("package.json")!);
    const manifest = JSON.parse(files.get("package.json")!);
    expect(manifest.dependencies).toEqual(plain.dependencies);
    expect(plain.peerDependencies["@acme/notes-runtime"]).toBeUndefined();
    expect(manifest.peerDependencies["@acme/notes-runtime"]).toBe("*");
    const spec = parse(withRuntime("@acme/notes-runtime"));
    spec.targets.mcp.runtime_version = "^1.2.0";
    const ranged = JSON.parse(mcpFiles(stringify(spec)).get("package.json")!);
    expect(ranged.peerDependencies["@acme/notes-runtime"]).toBe("^1.2.0");
  });

  it("leaves every other file as without the setting", () => {
    const plain = mcpFiles(minimalText);
    for (const [file, content] of files)
      if (file !== "bin/acme-mcp.js" && file !== "package.json")
        expect(content, file).toBe(plain.get(file));
    expect(plain.get("bin/acme-mcp.js")).not.toContain("createRuntime");
  });

  it("writes the bin in the fixed layout, even with a long package name", () => {
    const long = mcpFiles(
      withRuntime(
        "@a-very-long-organisation-name/an-even-longer-runtime-package-name-for-tests",
      ),
    );
    for (const bin of [
      files.get("bin/acme-mcp.js")!,
      long.get("bin/acme-mcp.js")!,
    ]) {
      expect(layoutProblems({ path: "bin/acme-mcp.js", content: bin })).toEqual(
        [],
      );
    }
  });

  it.each([["not a package name"], ["../escape"], [42]])(
    "refuses %j as a runtime package name, located at the setting",
    (value) => {
      let error: unknown;
      try {
        mcpFiles(withRuntime(value));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SpecError);
      const diagnostics = (error as SpecError).diagnostics;
      expect(diagnostics).toHaveLength(1);
      expect(JSON.stringify(diagnostics[0])).toContain("targets.mcp.runtime");
    },
  );
});
