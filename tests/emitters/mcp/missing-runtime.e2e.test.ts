import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { specInput } from "../../../generator/index.js";
import {
  generateFromDisk,
  linkPackage,
  writeGenerated,
} from "../../helpers/generate.js";
import { fixtures, repoRoot } from "../../helpers/project.js";
import { tempDir } from "../../helpers/temp.js";

// targets.mcp.runtime names a peer dependency, which `npm --legacy-peer-deps` and yarn do not
// install. A consumer folder outside the repository holds the generated packages, their own
// dependencies and the MCP SDK, and, test by test, no runtime package, a runtime whose own
// dependency is missing, one that fails as it loads, and one that works.

const minimalPath = path.join(fixtures, "valid/minimal/tools.yaml");
const spec = parse(fs.readFileSync(minimalPath, "utf8"));
const RUNTIME = "@acme/notes-runtime";
spec.targets.mcp.runtime = RUNTIME;
const { package: mcpPackage, bin: binName } = spec.targets.mcp as {
  package: string;
  bin: string;
};
const env = spec.targets.client.env as Record<string, string>;
const localTools = (spec.tools as { name: string; local?: boolean }[])
  .filter((t) => t.local)
  .map((t) => t.name);

let dir: string;
const runtimeDir = () => path.join(dir, "node_modules", RUNTIME);

beforeAll(() => {
  dir = tempDir("toolgen-no-runtime-");
  const { files } = generateFromDisk(
    specInput(minimalPath, stringify(spec), path.dirname(minimalPath)),
  );
  writeGenerated(path.join(dir, "generated"), files);
  const link = (name: string, to: string) => linkPackage(dir, name, to);
  for (const [target, folder] of Object.entries({
    client: "client",
    mcp: "mcp",
    docs: "docs",
  }))
    link(
      spec.targets[target].package as string,
      path.join(dir, "generated", folder),
    );
  for (const dep of ["ajv", "ajv-formats", "@modelcontextprotocol/sdk"])
    link(dep, path.join(repoRoot, "node_modules", dep));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The runtime package, as a folder holding `index` as its entry. */
function installRuntime(index: string): void {
  fs.rmSync(runtimeDir(), { recursive: true, force: true });
  fs.mkdirSync(runtimeDir(), { recursive: true });
  fs.writeFileSync(
    path.join(runtimeDir(), "package.json"),
    JSON.stringify({ name: RUNTIME, type: "module", exports: "./index.js" }),
  );
  fs.writeFileSync(path.join(runtimeDir(), "index.js"), index);
}

const run = (args: string[]) =>
  spawnSync(
    process.execPath,
    [path.join(dir, "generated/mcp/bin", `${binName}.js`), ...args],
    {
      cwd: dir,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        [env.base_url!]: "http://127.0.0.1:9",
        [env.workspace_id!]: "ws-1",
        [env.token!]: "tok-no-runtime-1234",
      },
      input: "",
    },
  );

describe("the MCP bin of a spec with targets.mcp.runtime", () => {
  it("without the runtime package: one line naming it, exit 2", () => {
    fs.rmSync(runtimeDir(), { recursive: true, force: true });
    for (const args of [[], ["--http", "0"]]) {
      const bin = run(args);
      expect(bin.stdout).toBe("");
      expect(bin.stderr).toBe(
        `${binName}: ${mcpPackage} serves its local tools with ${RUNTIME}, which is not installed: install it (npm install ${RUNTIME})\n`,
      );
      expect(bin.status).toBe(2);
    }
  });

  it("with a runtime whose own dependency is missing: that error surfaces, as the bug it is", () => {
    installRuntime('export * from "@acme/not-installed";\n');
    const bin = run([]);
    expect(bin.stderr).toContain("Cannot find package '@acme/not-installed'");
    expect(bin.stderr).not.toContain(`install ${RUNTIME}`);
    expect(bin.status).not.toBe(0);
    expect(bin.status).not.toBe(2);
  });

  it("with a runtime that fails as it loads: its error surfaces", () => {
    installRuntime('throw new Error("the runtime broke while loading");\n');
    const bin = run([]);
    expect(bin.stderr).toContain("the runtime broke while loading");
    expect(bin.status).not.toBe(0);
    expect(bin.status).not.toBe(2);
  });

  it("with the runtime installed: serves, and stops it when stdin ends", () => {
    installRuntime(
      [
        `const local = ${JSON.stringify(localTools)};`,
        "export function createRuntime() {",
        '  const handlers = Object.fromEntries(local.map((name) => [name, async () => "done"]));',
        '  return { handlers, start: async () => process.stderr.write("started\\n"), stop: async () => process.stderr.write("stopped\\n") };',
        "}",
        "",
      ].join("\n"),
    );
    const bin = run([]);
    expect(bin.stderr).toBe("started\nstopped\n");
    expect(bin.status).toBe(0);
  });
});

describe("a runtime's start and stop", () => {
  it("are optional: a runtime of handlers alone serves, and the bin ends cleanly when stdin ends", () => {
    installRuntime(
      [
        `const local = ${JSON.stringify(localTools)};`,
        "export function createRuntime() {",
        '  return { handlers: Object.fromEntries(local.map((name) => [name, async () => "done"])) };',
        "}",
        "",
      ].join("\n"),
    );
    const bin = run([]);
    expect(bin.stderr).toBe("");
    expect(bin.status).toBe(0);
  });

  it("start receives the push to the client: a notify function", () => {
    installRuntime(
      [
        `const local = ${JSON.stringify(localTools)};`,
        "export function createRuntime() {",
        '  const handlers = Object.fromEntries(local.map((name) => [name, async () => "done"]));',
        "  return { handlers, start: async (push) => process.stderr.write(`push.notify: ${typeof push?.notify}\\n`) };",
        "}",
        "",
      ].join("\n"),
    );
    const bin = run([]);
    expect(bin.stderr).toBe("push.notify: function\n");
    expect(bin.status).toBe(0);
  });
});
