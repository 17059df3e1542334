import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// Documents toolgen import openapi cannot import: one clear error each, located in the
// document where it has a place, exit 2, nothing written, in bounded time.

const op = (over: Record<string, unknown> = {}) => ({
  operationId: "getThing",
  responses: { "200": { description: "ok" } },
  ...over,
});
const openapi = (paths: unknown, components: unknown = {}) => ({
  openapi: "3.0.3",
  info: { title: "Bad", version: "1.0.0" },
  paths,
  components,
});

/** `line:col` of the `nth` (1-based) occurrence of `needle` in `text`, as an editor counts them. */
function at(text: string, needle: string, nth = 1): string {
  let offset = -1;
  for (let i = 0; i < nth; i++) offset = text.indexOf(needle, offset + 1);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const col = offset - before.lastIndexOf("\n");
  return `${line}:${col}`;
}

async function refused(name: string, text: string | Buffer | null) {
  const dir = tempDir("toolgen-openapi-bad-");
  if (text !== null) fs.writeFileSync(path.join(dir, name), text);
  const before = snapshotDir(dir);
  const started = Date.now();
  const run = await toolgen(dir, "import", "openapi", name);
  expect(Date.now() - started).toBeLessThan(60_000); // no hang (a generous bound)
  expect(run.code, run.stderr).toBe(2);
  expect(snapshotDir(dir)).toEqual(before);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/nothing was written|Nothing was written/);
  return run.stderr;
}

describe("toolgen import openapi refuses", () => {
  it("a dangling $ref, at the $ref", async () => {
    const doc = openapi({
      "/things": {
        get: op({
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Nope" },
                },
              },
            },
          },
        }),
      },
    });
    const text = stringify(doc);
    const err = await refused("api.yaml", text);
    expect(err).toContain(
      `api.yaml#/paths/~1things/get/responses/200/content/application~1json/schema/$ref (${at(text, '"#/components/schemas/Nope"')}): $ref "#/components/schemas/Nope" names nothing in the document`,
    );
  });

  it("circular $refs (a chain of references back to itself), but not a recursive schema", async () => {
    const doc = openapi(
      {
        "/things": {
          get: op({ parameters: [{ $ref: "#/components/parameters/A" }] }),
        },
      },
      {
        parameters: {
          A: { $ref: "#/components/parameters/B" },
          B: { $ref: "#/components/parameters/A" },
        },
      },
    );
    const err = await refused("api.json", JSON.stringify(doc, null, 2));
    expect(err).toMatch(
      /api\.json#\/components\/parameters\/A\/\$ref \(\d+:\d+\): \$ref "#\/components\/parameters\/B" is circular: #\/components\/parameters\/A → #\/components\/parameters\/B → #\/components\/parameters\/A/,
    );
  });

  it("duplicate operationIds, each at the later one", async () => {
    const doc = openapi({
      "/a": { get: op() },
      "/b": { get: op(), post: op() },
    });
    const text = stringify(doc);
    const err = await refused("api.yaml", text);
    expect(err).toContain(
      `api.yaml#/paths/~1b/get/operationId (${at(text, "getThing", 2)}): operationId "getThing" is also GET /a's: operationIds must be unique`,
    );
    expect(err).toContain(
      `api.yaml#/paths/~1b/post/operationId (${at(text, "getThing", 3)})`,
    );
  });

  it("a $ref to another file", async () => {
    const doc = openapi({
      "/a": { get: op({ parameters: [{ $ref: "common.yaml#/P" }] }) },
    });
    const err = await refused("api.yaml", stringify(doc));
    expect(err).toMatch(
      /\$ref "common\.yaml#\/P" names another document: toolgen imports one file/,
    );
  });

  it("Swagger 2.0, saying how to convert it", async () => {
    const err = await refused(
      "swagger.json",
      JSON.stringify({ swagger: "2.0", info: {}, paths: {} }),
    );
    expect(err).toMatch(
      /swagger\.json#\/swagger \(1:\d+\): Swagger 2\.0 is not read: convert it to OpenAPI 3 first/,
    );
  });

  it("a document that is not OpenAPI, or not JSON or YAML, or another version", async () => {
    expect(await refused("spec.yaml", "targets: {}\ntools: []\n")).toContain(
      "spec.yaml: not an OpenAPI document (no 'openapi' version at its top level)",
    );
    expect(await refused("list.json", "[1, 2]")).toContain(
      "list.json: not an OpenAPI document (its top level is not a mapping)",
    );
    expect(
      await refused("broken.yaml", "openapi: 3.0.0\npaths: {\n  /a: [\n"),
    ).toMatch(/^broken\.yaml:\d+:\d+: not JSON or YAML: /m);
    expect(await refused("v4.yaml", "openapi: 4.0.0\npaths: {}\n")).toContain(
      'v4.yaml#/openapi (1:10): OpenAPI "4.0.0" is not read: toolgen reads 3.0.x and 3.1.x',
    );
    expect(
      await refused("binary.json", Buffer.from([0, 1, 2, 0xff, 0xfe, 0x7b])),
    ).toMatch(/binary\.json/);
  });

  it("a file it cannot read", async () => {
    expect(await refused("missing.yaml", null)).toContain(
      "cannot read missing.yaml: ENOENT",
    );
    const dir = tempDir("toolgen-openapi-bad-");
    fs.mkdirSync(path.join(dir, "folder.yaml"));
    const run = await toolgen(dir, "import", "openapi", "folder.yaml");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("cannot read folder.yaml: EISDIR");
  });

  it("a document none of whose operations can be imported, saying why for each", async () => {
    const doc = openapi({
      "/upload": {
        post: op({
          requestBody: {
            required: true,
            content: { "multipart/form-data": { schema: { type: "object" } } },
          },
        }),
      },
    });
    const err = await refused("api.yaml", stringify(doc));
    expect(err).toContain("api.yaml: none of its operations can be imported:");
    expect(err).toMatch(
      /api\.yaml#\/paths\/~1upload\/post \(\d+:\d+\): POST \/upload not imported: its body is multipart\/form-data, not JSON/,
    );
  });
});

describe("text from the document", () => {
  it("never forges a line nor drives the terminal in the report", async () => {
    const dir = tempDir("toolgen-openapi-text-");
    const evil = "s\u001b[31m\nnote: forged\u2028";
    const doc = openapi({
      "/a": {
        get: op({
          parameters: [
            { name: evil, in: "cookie", schema: { type: "string" } },
          ],
        }),
      },
      [`/b${evil}`]: { head: op({ operationId: "headB" }) },
    });
    fs.writeFileSync(path.join(dir, "api.json"), JSON.stringify(doc));
    const run = await toolgen(dir, "import", "openapi", "api.json");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/[\u001b\u2028]/);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3); // the cookie, HEAD, no server
    for (const line of lines) expect(line).toMatch(/^note: api\.json#/);
    expect(run.stderr).toContain("\\x1b[31m\\x0anote: forged\\u2028");
  });
});

describe("toolgen import openapi --help", () => {
  it("says how, and a wrong use says where to look", async () => {
    const dir = tempDir("toolgen-openapi-help-");
    const help = await toolgen(dir, "import", "openapi", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      "Usage: toolgen import openapi <openapi.yaml | openapi.json>",
    );
    const wrong = await toolgen(
      dir,
      "import",
      "openapi",
      "--include",
      "tags:x",
      "api.yaml",
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      '--include "tags:x" selects nothing: write tag:<tag>, path:<glob> or op:<operationId>',
    );
    expect(wrong.stderr).toContain("Run toolgen import openapi --help");
    expect((await toolgen(dir, "import", "openapi")).stderr).toContain(
      "give one OpenAPI document",
    );
  });
});

describe("toolgen import openapi reports, and imports the rest of", () => {
  it("10 MB of descriptions: each cut to 32,000 characters, in bounded time", async () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++)
      paths[`/r${i}`] = {
        get: op({
          operationId: `get${i}`,
          summary: `Read ${i}`,
          description: "Lorem ipsum dolor sit amet.\n".repeat(18_000),
        }),
      };
    const dir = tempDir("toolgen-openapi-big-");
    const text = JSON.stringify(openapi(paths));
    expect(text.length).toBeGreaterThan(10_000_000);
    fs.writeFileSync(path.join(dir, "big.json"), text);
    const run = await toolgen(dir, "import", "openapi", "big.json");
    expect(run.code, run.stderr).toBe(0);
    expect(
      run.stderr.match(
        /the description is \d+ characters: cut to its first 32000/g,
      ),
    ).toHaveLength(20);
    expect(fs.statSync(path.join(dir, "tools.yaml")).size).toBeLessThan(
      1_000_000,
    );
  }, 120_000);

  it("an existing spec that does not load is kept, and replaced with --force", async () => {
    const dir = tempDir("toolgen-openapi-bad-");
    fs.writeFileSync(
      path.join(dir, "api.json"),
      JSON.stringify(openapi({ "/a": { get: op() } })),
    );
    fs.writeFileSync(path.join(dir, "tools.yaml"), "# mine\n");
    const run = await toolgen(dir, "import", "openapi", "api.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "fix them to import into it, or --force to replace it. Nothing was written.",
    );
    expect(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8")).toBe(
      "# mine\n",
    );
    expect(
      (await toolgen(dir, "import", "openapi", "api.json", "--force")).code,
    ).toBe(0);
  });
});
