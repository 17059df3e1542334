import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { specInput, type GeneratedFile } from "../../../generator/index.js";
import { codeHeader } from "../../../generator/render/header.js";
import { runtimeDist } from "../../../generator/io/inputs.js";
import { fixtures, repoRoot } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { typeCheck } from "../../helpers/type-check.js";

const minimalPath = path.join(fixtures, "valid/minimal/tools.yaml");
const minimalText = fs.readFileSync(minimalPath, "utf8");

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

/** The minimal fixture, edited as YAML data. */
function variant(edit: (spec: Record<string, any>) => void): string {
  const spec = parse(minimalText);
  edit(spec);
  return stringify(spec);
}

const minimal = mcpFiles(minimalText);
const sources = (folder: string) =>
  fs
    .readdirSync(path.join(import.meta.dirname, "../../../runtime", folder))
    .filter((f) => f.endsWith(".ts"));
const compiled = (folder: string, into: string) =>
  sources(folder).flatMap((f) => [
    `${into}/${f.replace(/\.ts$/, ".js")}`,
    `${into}/${f.replace(/\.ts$/, ".d.ts")}`,
  ]);

describe("the MCP emitter", () => {
  it("writes the table, the typed entry, the bin named in the spec and the runtime", () => {
    expect([...minimal.keys()].sort()).toEqual(
      [
        "bin/acme-mcp.js",
        "index.d.ts",
        "index.js",
        "package.json",
        "tools.json",
        ...compiled("mcp", "runtime"),
        ...compiled("shared", "shared"),
      ].sort(),
    );
  });

  it.each([
    "package.json",
    "tools.json",
    "index.js",
    "index.d.ts",
    "bin/acme-mcp.js",
  ])("%s matches its golden", async (file) => {
    await expect(minimal.get(file)).toMatchFileSnapshot(
      `__snapshots__/minimal/${file}`,
    );
  });

  it("copies the compiled runtime and the shared types verbatim, behind the header", () => {
    const folders = { runtime: "mcp", shared: "shared" } as const;
    let copied = 0;
    for (const [file, content] of minimal) {
      const [into, ...rest] = file.split("/");
      if (into !== "runtime" && into !== "shared") continue;
      copied++;
      expect(content, file).toBe(
        codeHeader +
          fs.readFileSync(
            path.join(runtimeDist, folders[into], ...rest),
            "utf8",
          ),
      );
    }
    expect(copied).toBe(
      compiled("mcp", "runtime").length + compiled("shared", "shared").length,
    );
  });

  it("keeps spec text out of the code: only the package names reach index.js and the bin", () => {
    const renamed = mcpFiles(
      variant((s) => {
        s.targets.mcp.server_name = "other-server";
        s.version = "3.1.4";
        s.targets.client.env = {
          base_url: "X_URL",
          workspace_id: "X_WS",
          token: "X_TOKEN",
          workspaces: "X_WORKSPACES",
        };
        s.tools[0].short = 'Add a note; "quoted" and */ closed.';
      }),
    );
    expect(renamed.get("index.js")).toBe(minimal.get("index.js"));
    expect(renamed.get("bin/acme-mcp.js")).toBe(minimal.get("bin/acme-mcp.js"));
    expect(JSON.parse(renamed.get("tools.json")!).server).toEqual({
      name: "other-server",
      version: "3.1.4",
      bin: "acme-mcp",
      environment: {
        baseUrl: "X_URL",
        workspaceId: "X_WS",
        token: "X_TOKEN",
        workspaces: "X_WORKSPACES",
      },
      httpTokenEnv: null,
    });
  });

  it("writes targets.mcp.http_token_env into tools.json, for the bin's --http server", () => {
    const files = mcpFiles(
      variant((s) => (s.targets.mcp.http_token_env = "ACME_MCP_TOKEN")),
    );
    expect(files.get("index.js")).toBe(minimal.get("index.js"));
    expect(JSON.parse(files.get("tools.json")!).server.httpTokenEnv).toBe(
      "ACME_MCP_TOKEN",
    );
  });

  it("writes the package's own version into tools.json, for the server to announce", () => {
    const files = mcpFiles(
      variant((s) => {
        s.version = "1.0.0";
        s.targets.mcp.version = "2.0.0-rc.1";
      }),
    );
    const version = (
      JSON.parse(files.get("package.json")!) as { version: string }
    ).version;
    expect(version).toBe("2.0.0-rc.1");
    expect(JSON.parse(files.get("tools.json")!).server.version).toBe(version);
  });

  it("peers both SDK lines: 1.x installed with it by npm, 2.x optional", () => {
    const manifest = JSON.parse(minimal.get("package.json")!);
    expect(Object.keys(manifest.peerDependencies)).toEqual([
      "@modelcontextprotocol/sdk",
      "@modelcontextprotocol/server",
    ]);
    expect(manifest.peerDependenciesMeta).toEqual({
      "@modelcontextprotocol/server": { optional: true },
    });
  });

  it("names the bin file and the package.json bin after targets.mcp.bin", () => {
    const files = mcpFiles(
      variant((s) => (s.targets.mcp.bin = "notes-server")),
    );
    expect(files.has("bin/notes-server.js")).toBe(true);
    expect(JSON.parse(files.get("package.json")!).bin).toEqual({
      "notes-server": "./bin/notes-server.js",
    });
    expect(JSON.parse(files.get("tools.json")!).server.bin).toBe(
      "notes-server",
    );
  });

  it("makes handlers optional when the spec has no local tool", () => {
    const files = mcpFiles(
      variant(
        (s) => (s.tools = s.tools.filter((t: { local?: boolean }) => !t.local)),
      ),
    );
    // ServeOptions makes handlers optional when LocalHandlers has no key: see the surface's check below.
    for (const dts of [files.get("index.d.ts"), minimal.get("index.d.ts")])
      expect(dts).toContain(
        "export type ServeOptions = Surface.ServeOptions<PlatformClient, LocalHandlers>;\n",
      );
    expect(
      typeCheckSurface(
        [
          'import type { CreateServerOptions, ServeOptions } from "./surface.js";',
          "type Client = { readonly id: string };",
          "type NoLocal = {};",
          "type Local = { readonly note: (input: unknown) => Promise<unknown> };",
          "const client: Client = { id: 'c' };",
          "export const a: ServeOptions<Client, NoLocal> = { client };",
          "export const b: CreateServerOptions<Client, NoLocal> = { client, name: 'n' };",
          "export const c: ServeOptions<Client, Local> = { client, handlers: { note: async () => 1 } };",
          "// @ts-expect-error: a local tool's handler is required.",
          "export const d: ServeOptions<Client, Local> = { client };",
          "// @ts-expect-error: and so is the client.",
          "export const e: ServeOptions<Client, NoLocal> = {};",
        ].join("\n"),
      ),
    ).toBe("");
  });

  it("imports its instructions from the prompts package, none with instructions: false or without docs", () => {
    const docs = parse(minimalText).targets.docs;
    const docsPackage: string = docs.package;
    const prompt = `import { mcpPrompt } from ${JSON.stringify(docsPackage)};\n`;
    for (const file of ["index.js", "bin/acme-mcp.js"]) {
      expect(minimal.get(file)).toContain(prompt);
      expect(minimal.get(file)).toContain("instructions: mcpPrompt,");
    }
    expect(
      JSON.parse(minimal.get("package.json")!).dependencies[docsPackage],
    ).toBe(`^${docs.version ?? "0.0.0"}`);
    // The text is held once, by the prompts package: not in the MCP package's data.
    expect(minimal.get("tools.json")).not.toContain("instructions");
    const off = mcpFiles(variant((s) => (s.targets.mcp.instructions = false)));
    const noDocs = mcpFiles(variant((s) => delete s.targets.docs));
    for (const files of [off, noDocs]) {
      for (const file of ["index.js", "bin/acme-mcp.js"]) {
        expect(files.get(file)).not.toContain(docsPackage);
        expect(files.get(file)).toContain("instructions: null,");
      }
      expect(
        Object.keys(JSON.parse(files.get("package.json")!).dependencies),
      ).not.toContain(docsPackage);
    }
  });

  it("records every former name against the tool's current one", () => {
    expect(JSON.parse(minimal.get("tools.json")!).renamed).toEqual({
      create_note: "add_note",
    });
  });
});

/** tsc's complaints about `body`, compiled beside the built runtime/mcp/surface.d.ts ("" when none). */
function typeCheckSurface(body: string): string {
  const read = (name: string) =>
    fs.readFileSync(path.join(runtimeDist, "mcp", name), "utf8");
  return typeCheck(body, {
    files: {
      "surface.d.ts": read("surface.d.ts"),
      "mcp-types.d.ts": read("mcp-types.d.ts"),
    },
    modules: true,
  });
}
