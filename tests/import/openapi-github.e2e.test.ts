import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specInput, type GeneratedFile } from "../../generator/index.js";
import type { RuntimeClient } from "../../runtime/client/client.js";
import {
  installConsumer,
  removeConsumer,
  typecheck,
  type Consumer,
} from "../hardening/consumer.js";
import { generateFromDisk } from "../helpers/generate.js";
import { libraryText } from "../../generator/import/yaml-text.js";
import { isPlainSchema } from "../../generator/validate/plain-schema.js";
import { strictAjv } from "../validate/strict-ajv.js";
import {
  documentOperations,
  plannedCall,
  readDocument,
  toolsByOperation,
} from "../helpers/openapi-requests.js";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { repoRoot, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// GitHub's REST API description (@octokit/openapi, pinned in package.json: over 1,000
// operations) imported as a user imports it, every target generated, the client type-checked
// with tsc, and the client sending, for every operation the test can choose values for from the
// document's schemas (over 1,100, across methods and the ways a request carries values), the
// request the document prescribes, to a recording server on 127.0.0.1.

const document = path.join(
  repoRoot,
  "node_modules/@octokit/openapi/generated/api.github.com.json",
);
/** The ways an operation carries values (GitHub's declare no header parameter). */
const KINDS = [
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "path",
  "query",
  "query-array",
  "header",
  "body",
  "whole-body",
];

type Spec = {
  targets: { client: { env: { base_url: string }; base_url: string } };
  tools: { name: string; http: Record<string, unknown> }[];
};

let dir: string;
let text: string;
let spec: Spec;
let files: readonly GeneratedFile[];
let consumer: Consumer;
let server: PlatformServer;
let stderr: string;

beforeAll(async () => {
  dir = tempDir("toolgen-github-");
  const run = await toolgen(dir, "import", "openapi", document);
  expect(run.code, run.stderr.slice(0, 4000)).toBe(0);
  stderr = run.stderr;
  text = fs.readFileSync(path.join(dir, "tools.yaml"), "utf8");
  spec = parse(text) as Spec;
  files = generateFromDisk(
    specInput(path.join(dir, "tools.yaml"), text, dir),
  ).files;
  consumer = installConsumer([
    files.filter((f) => f.path.startsWith("client/")),
  ]);
  server = await startPlatform();
}, 900_000);
afterAll(async () => {
  if (consumer) removeConsumer(consumer);
  await server?.close();
});

describe("GitHub's REST API description", () => {
  it("imports more than 1,000 operations, each tool saying where it came from", () => {
    const doc = readDocument(document);
    const operations = documentOperations(doc);
    expect(operations.length).toBeGreaterThan(1000);
    expect(spec.tools.length).toBeGreaterThan(1000);
    expect(text).toMatch(
      /^ {2}# GET \/repos\/\{owner\}\/\{repo\} \(repos\/get\) · import[^\n]*\n {2}- name: repos_get$/m,
    );
    // Every operation is a tool or a line of the report.
    const names = toolsByOperation(text);
    const missing = operations.filter(
      (o) => !names.has(`${o.method} ${o.path}`),
    );
    for (const o of missing)
      expect(stderr, `${o.method} ${o.path}`).toContain(
        `${o.method.toUpperCase()} ${o.path} `,
      );
  });

  it("generates every target", () => {
    const folders = new Set(files.map((f) => f.path.split("/")[0]));
    for (const target of [
      "client",
      "mcp",
      "langchain",
      "ai-sdk",
      "function-calling",
      "cli",
      "docs",
      "python",
    ])
      expect(folders, target).toContain(target);
  });

  it("gives a client that type-checks with tsc", () => {
    expect(typecheck(consumer)).toEqual([]);
  }, 600_000);

  it("sends, for every operation it can choose values for, the request the document prescribes", async () => {
    const doc = readDocument(document);
    const names = toolsByOperation(text);
    const byName = new Map(spec.tools.map((t) => [t.name, t]));
    const operations = documentOperations(doc);
    const plans = operations.flatMap((o) => {
      const name = names.get(`${o.method} ${o.path}`);
      const plan =
        name === undefined
          ? null
          : plannedCall(doc, o, name, byName.get(name)!.http);
      return plan === null ? [] : [plan];
    });
    // Values are chosen for nearly every operation, across every method and value location.
    expect(plans.length).toBeGreaterThan(operations.length * 0.9);
    for (const kind of KINDS.filter((k) => k !== "header"))
      expect(
        plans.filter((p) => p.kinds.has(kind)).length,
        kind,
      ).toBeGreaterThan(3);

    const pkg = (await import(
      pathToFileURL(
        path.join(consumer.packages.values().next().value!, "index.js"),
      ).href
    )) as { createClientFromEnv(env: Record<string, string>): RuntimeClient };
    const client = pkg.createClientFromEnv({
      [spec.targets.client.env.base_url]: server.url,
    });
    const ambiguous: string[] = [];
    for (const plan of plans) {
      server.reset();
      server.otherwise({ status: 200, body: {} });
      const failed = await client.$call(plan.tool, plan.input).then(
        () => "",
        (e: Error) => e.message,
      );
      const seen = server.requests[0];
      const label = `${plan.tool} (${plan.method} ${plan.operation.path})`;
      // The values chosen for a oneOf can fit more than one of its forms: the document's schema
      // refuses them, and so does the client, before sending anything.
      if (
        seen === undefined &&
        /must match exactly one of the allowed forms/.test(failed)
      ) {
        ambiguous.push(label);
        continue;
      }
      expect(seen, `${label}: no request (${failed})`).toBeDefined();
      expect(seen!.method, label).toBe(plan.method);
      expect(seen!.path.split("/").map(decodeURIComponent), label).toEqual(
        plan.segments,
      );
      expect(seen!.queryList, label).toEqual(plan.query);
      for (const [h, v] of Object.entries(plan.headers))
        expect(seen!.headers[h], `${label}: ${h}`).toBe(v);
      expect(seen!.body, label).toEqual(plan.body);
    }
    expect(ambiguous.length, ambiguous.join("\n")).toBeLessThan(
      plans.length / 100,
    );
  }, 120_000);

  it("is written byte for byte as the yaml library writes the same document", () => {
    // The header and each tool's comment, read back from the text; the library writes them again.
    const header = [...text.matchAll(/^# ?(.*)$/gm)]
      .filter((m) => m.index < text.indexOf("\nversion:"))
      .map((m) => m[1]!);
    const markers = [...text.matchAll(/^ {2}# (.*)\n {2}- name: /gm)].map(
      (m) => m[1]!,
    );
    const value = parse(text) as { tools: object[] };
    expect(markers.length).toBe(value.tools.length);
    const comments = new Map(value.tools.map((t, i) => [t, markers[i]!]));
    expect(libraryText(value, header, comments) === text).toBe(true);
  });

  it("holds schemas that gen's fast path says ajv compiles, and ajv does", () => {
    const ajv = strictAjv();
    const schemas = new Set<string>();
    for (const tool of spec.tools as { input?: object; output?: object }[])
      for (const schema of [tool.input, tool.output])
        if (schema) schemas.add(JSON.stringify(schema));
    let plain = 0;
    for (const json of schemas) {
      const schema = JSON.parse(json) as object;
      if (!isPlainSchema(schema)) continue;
      plain++;
      expect(() => ajv.compile(schema), json.slice(0, 200)).not.toThrow();
      ajv.removeSchema();
    }
    // Nearly all of them: GitHub's schemas are $refs, combinators and nullable types.
    expect(plain).toBeGreaterThan(schemas.size * 0.9);
  });
});
