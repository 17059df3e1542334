import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fixtures, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import {
  documentOperations,
  plannedCall,
  readDocument,
  toolsByOperation,
} from "../helpers/openapi-requests.js";
import type { RuntimeClient } from "../../runtime/client/client.js";

// toolgen import openapi as a user runs it, on two documents written for these tests
// (tests/fixtures/openapi/): the rules of docs/import.md, the report of what is not carried
// (each line located in the document), and the generated client sending, for every imported
// operation, the request the document prescribes, to a recording server on 127.0.0.1.

const shop = path.join(fixtures, "openapi", "shop.yaml");
const notes31 = path.join(fixtures, "openapi", "notes-3.1.json");

type Tool = {
  name: string;
  section: string;
  short: string;
  when_to_use: string;
  input: Record<string, any>;
  output?: Record<string, any>;
  http: Record<string, any>;
};

async function imported(file: string, ...args: string[]) {
  const dir = tempDir("toolgen-openapi-");
  fs.copyFileSync(file, path.join(dir, path.basename(file)));
  const run = await toolgen(
    dir,
    "import",
    "openapi",
    path.basename(file),
    ...args,
  );
  const out = path.join(dir, "tools.yaml");
  const text = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : "";
  const spec = (text === "" ? {} : parse(text)) as {
    targets: Record<string, any>;
    sections: Record<string, string>[];
    tools: Tool[];
    version?: string;
  };
  const tool = (name: string) => spec.tools.find((t) => t.name === name)!;
  return { dir, run, text, spec, tool };
}

describe("an OpenAPI 3.0 document (YAML)", () => {
  let r: Awaited<ReturnType<typeof imported>>;
  beforeAll(async () => {
    r = await imported(shop);
  });

  it("writes one HTTP tool per operation it can carry, named from operationId by the documented rule", () => {
    expect(r.run.code, r.run.stderr).toBe(0);
    expect(r.spec.tools.map((t) => t.name)).toEqual([
      "list_orders",
      "orders_create",
      "get_order",
      "update_order",
      "delete_order",
      "replace_items",
      "get_catalog_items_sku", // no operationId: from method and path
      "get_order_2", // "get-order" comes to get_order, which getOrder took
    ]);
    expect(r.text).toMatch(
      /^ {2}# GET \/orders \(listOrders\) · import[^\n]*\n {2}- name: list_orders$/m,
    );
    expect(r.text).toMatch(
      /^ {2}# GET \/catalog\/items\/\{sku\} · import[^\n]*\n {2}- name: get_catalog_items_sku$/m,
    );
    expect(r.spec.version).toBe("2.1.0");
  });

  it("maps the first server (its variables at their defaults) and the global security to the client", () => {
    expect(r.spec.targets.client).toEqual({
      package: "acme-shop-client",
      base_url: "https://eu.shop.example/api/v2",
      env: { base_url: "ACME_SHOP_URL" },
      auth: {
        api_key: { env: "ACME_SHOP_KEY", header: "X-Shop-Key" },
        optional: true,
      },
    });
    expect(Object.keys(r.spec.targets)).toEqual([
      "client",
      "mcp",
      "langchain",
      "ai_sdk",
      "function_calling",
      "cli",
      "docs",
      "python",
    ]);
  });

  it("makes sections from first tags, and one of the API for untagged operations", () => {
    expect(r.spec.sections.map((s) => [s.id, s.heading])).toEqual([
      ["orders", "Orders"],
      ["catalog_items", "Catalog Items"],
      ["acme_shop", "Acme Shop"],
    ]);
    expect(r.tool("get_order_2").section).toBe("acme_shop");
  });

  it("takes short from the summary and when_to_use from the description", () => {
    const t = r.tool("list_orders");
    expect(t.short).toBe("List orders");
    expect(t.when_to_use).toBe(
      "Lists the orders of the shop, newest first.\nFilter them by status.",
    );
    const u = r.tool("update_order");
    expect(u.short).toBe(
      "Change an order's note; the body may name the order again.",
    );
    expect(r.tool("get_order").when_to_use).toBe("Read an order");
  });

  it("binds path, query (arrays repeat their key) and header parameters", () => {
    const t = r.tool("list_orders");
    expect(Object.keys(t.input.properties)).toEqual([
      "status",
      "limit",
      "X-Trace-Id",
    ]);
    expect(t.input.properties["X-Trace-Id"].description).toBe(
      "A trace id to log.",
    );
    expect(t.http).toEqual({
      method: "GET",
      path: "/orders",
      query: { status: "status", limit: "limit" },
      headers: { "X-Trace-Id": "X-Trace-Id" },
    });
  });

  it("resolves a collision between a path parameter and a body field, mapped in the binding", () => {
    const t = r.tool("update_order");
    expect(Object.keys(t.input.properties)).toEqual([
      "orderId",
      "orderId_body",
      "note",
    ]);
    expect(t.input.required).toEqual(["orderId"]);
    expect(t.http).toEqual({
      method: "PATCH",
      path: "/orders/{orderId}",
      body: { orderId: "orderId_body", note: "note" },
    });
  });

  it("sends a body that is not an object whole", () => {
    const t = r.tool("replace_items");
    expect(t.http.body).toEqual({ $input: "body" });
    expect(t.input.properties.body.type).toBe("array");
    expect(t.input.required).toEqual(["orderId", "body"]);
  });

  it("converts 3.0 schemas to JSON Schema, recursive ones through $defs", () => {
    const create = r.tool("orders_create");
    // readOnly leaves the input, writeOnly the output
    expect(Object.keys(create.input.properties)).toEqual([
      "items",
      "note",
      "secret",
      "parent",
    ]);
    expect(Object.keys(create.output!.properties)).toEqual([
      "id",
      "items",
      "note",
      "parent",
    ]);
    expect(create.input.properties.note).toEqual({
      type: ["string", "null"],
      examples: ["leave at the door"],
    });
    expect(create.input.properties.parent).toEqual({ $ref: "#/$defs/Order" });
    expect(create.input.$defs.Order.properties.parent).toEqual({
      $ref: "#/$defs/Order",
    });
    expect(create.input.$defs.LineItem).toEqual({
      type: "object",
      required: ["sku", "quantity"],
      properties: {
        sku: { type: "string" },
        quantity: { type: "integer", exclusiveMinimum: 0 },
      },
    });
    expect(create.input.$schema).toBeUndefined();
    const item = r.tool("get_catalog_items_sku");
    expect(item.output).toEqual({
      type: "object",
      properties: { kind: { type: "string" } },
    });
  });

  it("reports each thing it does not carry once, at its place in the document", () => {
    const lines = r.run.stderr
      .split("\n")
      .filter((l) => l.startsWith("note: "));
    const at = (pointer: string) =>
      lines.find((l) => l.includes(`shop.yaml#${pointer} (`));
    const expected: [string, RegExp][] = [
      [
        "/paths/~1orders/get/parameters/3",
        /\(35:11\): cookie parameter "session"/,
      ],
      ["/paths/~1orders/post/callbacks", /callbacks are not carried/],
      [
        "/paths/~1orders/post/requestBody/content/application~1xml",
        /sent as application\/json, not application\/xml/,
      ],
      [
        "/paths/~1catalog~1upload/post",
        /POST \/catalog\/upload not imported: its body is multipart\/form-data/,
      ],
      ["/paths/~1health/head", /HEAD \/health not imported/],
      ["/paths/~1health/get", /named get_order_2: get_order was taken/],
      ["/paths/~1health/get/responses/200", /text\/plain, not JSON/],
      ["/paths/~1health/get/security", /security differs/],
      [
        "/paths/~1orders~1{orderId}~1items/put/responses/200",
        /an array, not an object/,
      ],
      ["/paths/~1catalog~1items~1{sku}/get/parameters/1", /is the API key/],
      ["/servers/1", /other server/],
    ];
    for (const [pointer, what] of expected)
      expect(at(pointer), pointer).toMatch(what);
    expect(lines).toHaveLength(expected.length);
    expect(r.run.stderr.trimEnd().split("\n")).toEqual(lines);
  });

  it("writes the same bytes from the same document", async () => {
    const again = await imported(shop);
    expect(again.text).toBe(r.text);
  });

  it("imports the operations --include and --exclude select", async () => {
    const some = await imported(
      shop,
      "--include",
      "tag:Orders",
      "--exclude",
      "path:/orders/*/items",
      "--exclude",
      "op:delete*",
    );
    expect(some.run.code, some.run.stderr).toBe(0);
    expect(some.spec.tools.map((t) => t.name)).toEqual([
      "list_orders",
      "orders_create",
      "get_order",
      "update_order",
    ]);
    const none = await imported(shop, "--include", "tag:Nothing");
    expect(none.run.code).toBe(2);
    expect(none.run.stderr).toContain("leave none of its 9 operations");
    expect(fs.existsSync(path.join(none.dir, "tools.yaml"))).toBe(false);
  });
});

describe("an OpenAPI 3.1 document (JSON)", () => {
  it("keeps 2020-12 schemas (with $schema), maps basic auth, reports webhooks, links, a relative server", async () => {
    const r = await imported(notes31);
    expect(r.run.code, r.run.stderr).toBe(0);
    const create = r.tool("create_note");
    expect(create.input.$schema).toBe(
      "https://json-schema.org/draft/2020-12/schema",
    );
    expect(create.output!.$schema).toBe(
      "https://json-schema.org/draft/2020-12/schema",
    );
    expect(create.input.properties.pair).toEqual({
      type: "array",
      prefixItems: [{ const: "first" }, { type: "string" }],
      minItems: 2,
      items: false,
    });
    expect(r.spec.targets.client).toEqual({
      package: "notes-api-client",
      env: { base_url: "NOTES_API_URL" },
      auth: {
        basic: { username: "NOTES_API_USER", password: "NOTES_API_PASSWORD" },
      },
    });
    expect(r.spec.version).toBeUndefined();
    for (const what of [
      /#\/webhooks \(\d+:\d+\): webhooks are not carried/,
      /#\/paths\/~1notes\/post\/responses\/201\/links \(\d+:\d+\): the 201 response's links/,
      /#\/servers\/0\/url \(\d+:\d+\): the server URL "\/api" is not an absolute/,
      /#\/security\/0\/token \(\d+:\d+\): security scheme "token" not used/,
      /#\/info\/version \(\d+:\d+\): the version "v1" is not semver/,
    ])
      expect(r.run.stderr).toMatch(what);
  });
});

describe("the generated client", () => {
  let server: PlatformServer;
  let fixture: PlatformFixture;
  let r: Awaited<ReturnType<typeof imported>>;
  beforeAll(async () => {
    server = await startPlatform();
    r = await imported(shop);
    fixture = installPlatformFixture(path.join(r.dir, "tools.yaml"));
  }, 300_000);
  afterAll(async () => {
    fixture?.remove();
    await server?.close();
  });

  it("sends, for every imported operation, the request the document prescribes", async () => {
    const doc = readDocument(shop);
    const names = toolsByOperation(r.text);
    const { createClientFromEnv } = await fixture.load<{
      createClientFromEnv(env: Record<string, string>): RuntimeClient;
    }>("acme-shop-client");
    const client = createClientFromEnv({
      ACME_SHOP_URL: `${server.url}/api/v2`,
      ACME_SHOP_KEY: "key-shop-1234",
    });
    server.otherwise({ status: 200, body: {} });
    let called = 0;
    for (const o of documentOperations(doc)) {
      const name = names.get(`${o.method} ${o.path}`);
      if (name === undefined) continue;
      const plan = plannedCall(doc, o, name, r.tool(name).http, ["x-shop-key"]);
      expect(plan, name).not.toBeNull();
      server.reset();
      server.otherwise({ status: 200, body: {} });
      const failed = await client.$call(name, plan!.input).then(
        () => "",
        (e: Error) => e.message,
      );
      const seen = server.requests[0];
      expect(seen, `${name}: no request (${failed})`).toBeDefined();
      expect(seen!.method).toBe(plan!.method);
      expect(seen!.path.split("/").map(decodeURIComponent)).toEqual([
        "",
        "api",
        "v2",
        ...plan!.segments.slice(1),
      ]);
      expect(seen!.queryList).toEqual(plan!.query);
      for (const [h, v] of Object.entries(plan!.headers))
        expect(seen!.headers[h], h).toBe(v);
      expect(seen!.headers["x-shop-key"]).toBe("key-shop-1234");
      expect(seen!.body).toEqual(plan!.body);
      called++;
    }
    expect(called).toBe(r.spec.tools.length);
  }, 120_000);
});
