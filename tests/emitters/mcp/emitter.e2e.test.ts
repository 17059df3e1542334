import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { specInput, type GeneratedFile } from "../../../generator/index.js";
import { runtimeDist } from "../../../generator/io/inputs.js";
import { fixtures, repoRoot } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { goldenFiles } from "../../helpers/goldens.js";
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
describe("the MCP emitter", () => {
  it("writes the table, the typed entry and the bin named in the spec, and no runtime", () => {
    expect([...minimal.keys()].sort()).toEqual([
      "bin/acme-mcp.js",
      "index.d.ts",
      "index.js",
      "package.json",
      "tools.json",
    ]);
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

  it("keeps a golden for each of those files, and no other", () => {
    const folder = path.join(import.meta.dirname, "__snapshots__", "minimal");
    expect(goldenFiles(folder)).toEqual([...minimal.keys()].sort());
  });

  it("imports its runtime from the client package's runtime/mcp, passing its own loaders of both SDK lines", () => {
    const client = parse(minimalText).targets.client.package as string;
    for (const file of ["index.js", "bin/acme-mcp.js"]) {
      const code = minimal.get(file)!;
      expect(code, file).toContain(`await import("${client}/runtime/mcp")`);
      expect(code, file).toContain('import("@modelcontextprotocol/server")');
      expect(code, file).toContain(
        'import("@modelcontextprotocol/sdk/server/index.js")',
      );
      expect(code, file).not.toContain("./runtime/");
    }
    expect(minimal.get("index.d.ts")).toContain(
      `import type { Surface } from "${client}/runtime/mcp";`,
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
          "export const f: ServeOptions<Client, NoLocal> = { client, prompts: { plan: async (args) => `Plan ${args.goal}` }, resources: { read: async (read) => read.uri, watch: (updated) => () => updated('x') }, complete: async () => ['a'] };",
          "// @ts-expect-error: a prompt answers a text or messages.",
          "export const g: ServeOptions<Client, NoLocal> = { client, prompts: { plan: async () => 1 } };",
        ].join("\n"),
      ),
    ).toBe("");
  });

  it("imports its instructions and prompts from the prompts package, no instructions with instructions: false, nothing without docs", () => {
    const docs = parse(minimalText).targets.docs;
    const docsPackage: string = docs.package;
    const quoted = JSON.stringify(docsPackage);
    const prompt = `const { mcpPrompt, sections } = await import(${quoted}).catch(missing(${quoted}));\n`;
    for (const file of ["index.js", "bin/acme-mcp.js"]) {
      expect(minimal.get(file)).toContain(prompt);
      expect(minimal.get(file)).toMatch(/instructions: mcpPrompt[ ,}]/);
      expect(minimal.get(file)).toContain(
        "docs: { prompt: mcpPrompt, sections }",
      );
    }
    expect(
      JSON.parse(minimal.get("package.json")!).dependencies[docsPackage],
    ).toBe(`^${docs.version ?? "0.0.0"}`);
    // The text is held once, by the prompts package: not in the MCP package's data.
    expect(minimal.get("tools.json")).not.toContain("instructions");
    const off = mcpFiles(variant((s) => (s.targets.mcp.instructions = false)));
    const noDocs = mcpFiles(variant((s) => delete s.targets.docs));
    for (const file of ["index.js", "bin/acme-mcp.js"]) {
      // Without instructions, the docs are still served as prompts.
      expect(off.get(file)).toContain(prompt);
      expect(off.get(file)).toMatch(/instructions: null[ ,}]/);
      expect(noDocs.get(file)).not.toContain(docsPackage);
      expect(noDocs.get(file)).toMatch(/instructions: null, docs: null[ ,}]/);
    }
    expect(
      Object.keys(JSON.parse(off.get("package.json")!).dependencies),
    ).toContain(docsPackage);
    expect(
      Object.keys(JSON.parse(noDocs.get("package.json")!).dependencies),
    ).not.toContain(docsPackage);
    expect(JSON.parse(noDocs.get("tools.json")!).prompts).toBeUndefined();
  });

  it("records every former name against the tool's current one", () => {
    expect(JSON.parse(minimal.get("tools.json")!).renamed).toEqual({
      create_note: "add_note",
    });
  });
});

/**
 * tsc's complaints about `body`, compiled beside the built runtime's mcp.d.ts, whose `Surface`
 * it reads as `./surface.js` ("" when none).
 */
/** The MCP runtime's declarations as built, with the declaration chunks they import. */
function mcpDeclarations(): Record<string, string> {
  const kinds = JSON.parse(
    fs.readFileSync(path.join(runtimeDist, "kinds.json"), "utf8"),
  ) as Record<string, string[]>;
  return Object.fromEntries(
    ["mcp.d.ts", ...kinds.mcp!.filter((f) => f.endsWith(".d.ts"))].map((f) => [
      f,
      fs.readFileSync(path.join(runtimeDist, f), "utf8"),
    ]),
  );
}

function typeCheckSurface(body: string): string {
  return typeCheck(body, {
    files: {
      ...mcpDeclarations(),
      "surface.ts":
        '/// <reference types="node" />\nimport type { Surface } from "./mcp.js";\nexport type ServeOptions<C, H> = Surface.ServeOptions<C, H>;\nexport type CreateServerOptions<C, H> = Surface.CreateServerOptions<C, H>;\n',
    },
    modules: true,
  });
}
