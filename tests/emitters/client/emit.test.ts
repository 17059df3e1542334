import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specInput, type GeneratedFile } from "../../../generator/index.js";
import { codeHeader } from "../../../generator/render/header.js";
import { runtimeDist } from "../../../generator/io/inputs.js";
import { layoutProblems } from "../../helpers/layout.js";
import { repoRoot } from "../../helpers/project.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { goldenFiles } from "../../helpers/goldens.js";

const reference = path.join(repoRoot, "tools.yaml");
const odd = path.join(import.meta.dirname, "fixtures/odd.yaml");
// Output schemas: each tool's result type, and the methods and handlers returning it.
const results = path.join(repoRoot, "tests/fixtures/valid/results/tools.yaml");

function clientFiles(spec: string): GeneratedFile[] {
  return generateFromDisk(
    specInput(spec, fs.readFileSync(spec, "utf8"), repoRoot),
  ).files.filter((f) => f.path.startsWith("client/"));
}
const content = (files: GeneratedFile[], p: string) =>
  files.find((f) => f.path === p)!.content;

describe("the client package's generated files", () => {
  it.each([
    ["reference", reference],
    ["odd", odd],
    ["results", results],
  ])(
    "%s: goldens of the typed layer, the data and the entry point",
    async (name, spec) => {
      const files = clientFiles(spec);
      for (const file of [
        "index.d.ts",
        "tools.json",
        "index.js",
        "package.json",
      ]) {
        await expect(content(files, `client/${file}`)).toMatchFileSnapshot(
          `__snapshots__/${name}/${file}`,
        );
      }
    },
  );

  it("keeps those four goldens for each spec, and no other file", () => {
    const folder = path.join(import.meta.dirname, "__snapshots__");
    expect(goldenFiles(folder)).toEqual(
      ["odd", "reference", "results"]
        .flatMap((name) =>
          ["index.d.ts", "index.js", "package.json", "tools.json"].map(
            (file) => `${name}/${file}`,
          ),
        )
        .sort(),
    );
  });

  it("odd: every file keeps the fixed layout and parses", () => {
    expect(clientFiles(odd).flatMap(layoutProblems)).toEqual([]);
  });

  it("copies the bundled runtime of every declared target verbatim, after the header, each file once", () => {
    const kinds = JSON.parse(
      fs.readFileSync(path.join(runtimeDist, "kinds.json"), "utf8"),
    ) as Record<string, string[]>;
    // The kinds of the targets each spec declares (the docs target has none).
    for (const spec of [reference, odd, results]) {
      const targets = Object.keys(
        parse(fs.readFileSync(spec, "utf8")).targets as object,
      ).map((t) => t.replaceAll("_", "-"));
      const declared = Object.keys(kinds).filter((k) => targets.includes(k));
      expect(declared).toContain("client");
      const files = clientFiles(spec).filter((f) =>
        f.path.startsWith("client/runtime/"),
      );
      const expected = new Set(
        declared.flatMap((k) => [`${k}.js`, `${k}.d.ts`, ...kinds[k]!]),
      );
      expect(
        files.map((f) => f.path.slice("client/runtime/".length)).sort(),
      ).toEqual([...expected].sort());
      for (const f of files) {
        expect(f.content).toBe(
          codeHeader +
            fs.readFileSync(
              path.join(runtimeDist, f.path.slice("client/runtime/".length)),
              "utf8",
            ),
        );
      }
    }
    expect(Object.keys(kinds)).toEqual([
      "client",
      "mcp",
      "langchain",
      "ai-sdk",
      "function-calling",
      "cli",
    ]);
  });

  it("spec text reaches index.d.ts only through doc comments and literals", () => {
    const dts = content(clientFiles(odd), "client/index.d.ts");
    expect(dts).toContain(
      'Read one item. Ends a comment? *\\/ `${not code}` "quoted"',
    );
    expect(dts).not.toContain("? */ `");
    expect(dts).toContain('"get-item": GetItemInput;');
  });
});

/* The odd fixture's package, installed the way a consumer installs it, against a real server. */
describe("odd: the bindings' constants, path inputs, headers and arrays on the wire", () => {
  let root: string;
  let platform: PlatformServer;
  let pkg: typeof import("@molecule/platform-client");

  beforeAll(async () => {
    const cache = path.join(repoRoot, "node_modules", ".cache");
    fs.mkdirSync(cache, { recursive: true });
    root = fs.mkdtempSync(path.join(cache, "toolgen-client-odd-"));
    for (const file of clientFiles(odd)) {
      fs.mkdirSync(path.dirname(path.join(root, file.path)), {
        recursive: true,
      });
      fs.writeFileSync(path.join(root, file.path), file.content);
    }
    pkg = await import(
      pathToFileURL(path.join(root, "client", "index.js")).href
    );
    platform = await startPlatform();
    platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
  });
  afterAll(async () => {
    await platform.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("get-item: a path input as one segment, repeated query keys, a const query value, headers", async () => {
    const client = pkg.createClientFromEnv({
      ODD_URL: platform.url,
      ODD_WS: "ws/1",
      ODD_TOKEN: "tok-odd-1",
    }) as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    await client.getItem!({
      item_id: "a/b?c",
      version: 3,
      fields: ["name", "size"],
      "x-trace": "t-1",
    });
    const seen = platform.requests.at(-1)!;
    expect(seen.method).toBe("GET");
    expect(seen.url).toBe(
      "/items/a%2Fb%3Fc/v/ws%2F1?v=3&field=name&field=size&format=json",
    );
    expect(seen.headers["x-trace"]).toBe("t-1");
    expect(seen.headers["x-client"]).toBe("odd");
    expect(seen.headers.authorization).toBe("Bearer tok-odd-1");
  });

  it("put_item: a routed PUT whose body carries a const object and the workspace", async () => {
    const client = pkg.createClient({
      baseUrl: platform.url,
      workspaces: [
        { id: "w1", token: "tok-w1-secret" },
        { id: "w2", token: "tok-w2-secret" },
      ],
    }) as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    await client.putItem!({
      item_id: "i-9",
      size: "LARGE",
      note: null,
      on_behalf_of: "w2",
    });
    const seen = platform.requests.at(-1)!;
    expect([seen.method, seen.url, seen.headers.authorization]).toEqual([
      "PUT",
      "/items/i-9",
      "Bearer tok-w2-secret",
    ]);
    expect(seen.text).toBe(
      '{"size":"LARGE","note":null,"kind":{"schema":2,"tags":["a","b"]},"by":"w2"}',
    );
  });

  it("purge: a DELETE without input sends no body", async () => {
    const client = pkg.createClient({
      baseUrl: platform.url,
      workspace: { id: "w1", token: "tok-w1-secret" },
    }) as unknown as Record<string, () => Promise<unknown>>;
    await client.purge!();
    const seen = platform.requests.at(-1)!;
    expect([
      seen.method,
      seen.url,
      seen.text,
      seen.headers["content-type"],
    ]).toEqual(["DELETE", "/items", "", undefined]);
  });

  it("a hyphenated tool is a camelCase method and local tools have none", () => {
    const client = pkg.createClient({
      baseUrl: platform.url,
      workspace: { id: "w1", token: "tok-w1-secret" },
    });
    expect(Object.keys(client).sort()).toEqual([
      "$call",
      "$primary",
      "$request",
      "$workspaces",
      "getItem",
      "purge",
      "putItem",
    ]);
    expect(pkg.tools.map((t) => [t.name, t.local])).toEqual([
      ["get-item", false],
      ["put_item", false],
      ["purge", false],
      ["think", true],
    ]);
  });
});
