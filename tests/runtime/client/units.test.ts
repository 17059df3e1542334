import { bearer } from "../../../runtime/client/auth.js";
import { describe, expect, it } from "vitest";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";
import type { HttpBinding } from "../../../runtime/client/data.js";
import { ClientError, InputError } from "../../../runtime/client/errors.js";
import { redact, redactValue } from "../../../runtime/client/redact.js";
import { planRequest } from "../../../runtime/client/request.js";
import { joinUrl } from "../../../runtime/client/transport.js";
import { createValidator } from "../../../runtime/client/validate.js";

const binding = (over: Partial<HttpBinding>): HttpBinding => ({
  method: "POST",
  path: [{ text: "/x" }],
  route: null,
  query: [],
  body: null,
  headers: [],
  ...over,
});

describe("planRequest", () => {
  it("repeats a query key per array item and writes numbers and booleans as JSON does", () => {
    const plan = planRequest(
      "t",
      binding({
        query: [
          { name: "tag", input: "tags" },
          { name: "n", input: "n" },
          { name: "on", input: "on" },
        ],
      }),
      { tags: ["a b", "c&d"], n: 2.5, on: false },
      "w",
    );
    expect(plan.target).toBe("/x?tag=a%20b&tag=c%26d&n=2.5&on=false");
  });

  it("sends constants and the workspace always, inputs only when given", () => {
    const plan = planRequest(
      "t",
      binding({
        body: [
          { name: "kind", const: { v: 1 } },
          { name: "ws", workspace: true },
          { name: "opt", input: "opt" },
          { name: "nul", input: "nul" },
        ],
      }),
      { nul: null },
      "w-1",
    );
    expect(plan.body).toBe('{"kind":{"v":1},"ws":"w-1","nul":null}');
  });

  it("a body field named __proto__ is data, not a prototype", () => {
    const plan = planRequest(
      "t",
      binding({ body: [{ name: "__proto__", input: "p" }] }),
      { p: { polluted: true } },
      "w",
    );
    expect(plan.body).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("an input named like an Object.prototype member is not given unless it is", () => {
    const plan = planRequest(
      "t",
      binding({ query: [{ name: "c", input: "constructor" }] }),
      {},
      "w",
    );
    expect(plan.target).toBe("/x");
  });

  it("a header value with a line break is refused, not sent", () => {
    expect(() =>
      planRequest(
        "t",
        binding({ headers: [{ name: "X-Peer", input: "peer" }] }),
        { peer: "a\r\nX-Admin: 1" },
        "w",
      ),
    ).toThrow(ClientError);
    expect(() =>
      planRequest(
        "t",
        binding({ headers: [{ name: "X-Peer", input: "peer" }] }),
        { peer: "a\r\nX-Admin: 1" },
        "w",
      ),
    ).toThrow("t: header X-Peer would contain a line break");
  });

  it("a binding that would set Authorization is refused (toolgen rejects it in the spec too), in any case", () => {
    for (const name of ["Authorization", "authorization", "AUTHORIZATION"]) {
      expect(() =>
        planRequest(
          "t",
          binding({ headers: [{ name, input: "peer" }] }),
          { peer: "Bearer stolen" },
          "w",
        ),
      ).toThrow("t: the binding may not set Authorization");
    }
  });

  it("path parameters: numbers are fine, empty and objects are refused", () => {
    const path = binding({ path: [{ text: "/items/" }, { input: "id" }] });
    expect(planRequest("t", path, { id: 42 }, "w").target).toBe("/items/42");
    expect(() => planRequest("t", path, { id: "" }, "w")).toThrow(InputError);
    expect(() => planRequest("t", path, { id: "" }, "w")).toThrow(
      'invalid input for t: path parameter id cannot be "": it would not be one path segment',
    );
    expect(() => planRequest("t", path, { id: { a: 1 } }, "w")).toThrow(
      "invalid input for t: path parameter id must be a string or a number",
    );
    expect(() => planRequest("t", path, {}, "w")).toThrow(
      "invalid input for t: path parameter id is missing",
    );
    expect(() => planRequest("t", path, { id: "\ud800" }, "w")).toThrow(
      "unpaired surrogate",
    );
  });
});

describe("joinUrl", () => {
  it.each([
    ["https://h.example", "/a", "https://h.example/a"],
    ["https://h.example/", "/a", "https://h.example/a"],
    ["https://h.example/api//", "/a?q=1", "https://h.example/api/a?q=1"],
    ["http://127.0.0.1:8080/p", "/a", "http://127.0.0.1:8080/p/a"],
  ])("%s + %s", (base, target, url) => {
    expect(joinUrl(new URL(base), target)).toBe(url);
  });
});

describe("validateInput messages", () => {
  const validate = createValidator(
    new Map<string, object>([
      [
        "t",
        {
          type: "object",
          properties: {
            files: {
              type: "array",
              items: {
                type: "object",
                properties: { path: { type: "string" } },
                required: ["path"],
                additionalProperties: false,
              },
            },
            when: { type: "string", format: "date-time" },
            mode: { const: "fast" },
            size: { type: ["integer", "null"] },
          },
          additionalProperties: false,
        },
      ],
    ]),
  );

  it("names each field by its path", () => {
    expect(
      validate("t", {
        files: [{ path: "a" }, { name: "b" }],
        when: "yesterday",
        mode: "slow",
        size: "big",
        extra: 1,
      }),
    ).toEqual([
      // One order in both languages: by the input's path, then by text.
      "extra is not a known field",
      "files[1].name is not a known field",
      "files[1].path is required",
      'mode must be "fast"',
      "size must be an integer or null",
      "when must be a valid date-time",
    ]);
  });

  it("a non-object input and an unknown tool", () => {
    expect(validate("t", "x")).toEqual(["the input must be an object"]);
    expect(validate("nope", {})).toEqual(['unknown tool "nope"']);
    expect(validate("t", {})).toEqual([]);
  });
});

describe("redact", () => {
  it("removes every token, also inside keys and nested values", () => {
    expect(redact("a tok1 b tok1 tok2", ["tok1", "tok2"])).toBe(
      "a [redacted] b [redacted] [redacted]",
    );
    expect(redactValue({ tok1: ["x tok1"], n: 1 }, ["tok1"])).toEqual({
      "[redacted]": ["x [redacted]"],
      n: 1,
    });
  });

  it("removes a token percent-encoded (either hex case) and JSON-escaped, as URLs and echoing platforms write it", () => {
    const token = "tokA/aaaa+bbbb==";
    for (const form of [
      "tokA%2Faaaa%2Bbbbb%3D%3D",
      "tokA%2faaaa%2bbbbb%3d%3d",
      "tokA\\/aaaa+bbbb==",
    ]) {
      expect(redact(`GET /items/${form} failed`, [token])).toBe(
        "GET /items/[redacted] failed",
      );
    }
    expect(redact('{"error":"bad \\"tok\\"q"}', ['tok"q'])).toBe(
      '{"error":"bad \\"[redacted]"}',
    );
  });

  it("removes a token HTML-escaped (named, decimal and hex entities) and JSON-escaped as \\u00XX, in any mix", () => {
    const token = "tk&<x>'\"/9";
    const html = token
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;");
    const forms = [
      html,
      html.replaceAll("'", "&#39;"),
      html.replaceAll("'", "&#x27;").replace("&amp;", "&#38;"),
      [...token].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
      // How Go and many JSON encoders write &, < and >.
      JSON.stringify(token)
        .slice(1, -1)
        .replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
      JSON.stringify(token).slice(1, -1),
    ];
    for (const form of forms) {
      expect(form).not.toBe(token);
      expect(redact(`<p>refused ${form}</p>`, [token])).toBe(
        "<p>refused [redacted]</p>",
      );
    }
  });

  it("removes the longer of two tokens that begin alike whole, whatever their order", () => {
    expect(redact("x tok-abcdef y tok-abc", ["tok-abc", "tok-abcdef"])).toBe(
      "x [redacted] y [redacted]",
    );
  });
});

describe("tokens too short to redact", () => {
  it("a token under 8 characters is a ConfigError when the client is made, and never quoted", async () => {
    const { resolveConfig } = await import("../../../runtime/client/config.js");
    const { ConfigError } = await import("../../../runtime/client/errors.js");
    const make = (token: string) => () =>
      resolveConfig({
        baseUrl: "http://127.0.0.1:9",
        workspaces: [
          { id: "long", token: "long-enough-token" },
          { id: "w", token },
        ],
      });
    for (const token of ["Q", "zQ9#kW!"]) {
      expect(make(token)).toThrow(ConfigError);
      expect(make(token)).toThrow(
        'workspaces[1] (workspace "w"): token is shorter than 8 characters, too short to be kept out of messages safely',
      );
      try {
        make(token)();
      } catch (e) {
        expect((e as Error).message).not.toContain(token);
      }
    }
    expect(make("abcd1234")).not.toThrow();
  });
});

describe("send", () => {
  it("refuses a target that would leave the base URL's path, before any request", async () => {
    const { send } = await import("../../../runtime/client/transport.js");
    const { resolveConfig } = await import("../../../runtime/client/config.js");
    const requested: string[] = [];
    const config = resolveConfig({
      baseUrl: "http://127.0.0.1:9/base",
      workspace: { id: "w", token: "tok-w-1234" },
      fetch: async (url) => {
        requested.push(String(url));
        return new Response("{}");
      },
    });
    const plan = {
      method: "GET" as const,
      target: "/../other/x",
      body: null,
      headers: [],
    };
    await expect(
      send(plan, {
        config,
        tool: "t",
        auth: bearer("tok-w-1234"),
        options: undefined,
      }),
    ).rejects.toThrow("t: the path would leave the base URL's path");
    await send(
      { ...plan, target: "/x" },
      { config, tool: "t", auth: bearer("tok-w-1234"), options: undefined },
    );
    expect(requested).toEqual(["http://127.0.0.1:9/base/x"]);
  });
});

describe("the package's tools", () => {
  it("cannot be changed to loosen validation", async () => {
    const fixture = installPlatformFixture();
    const { tools, validateInput } = await fixture
      .load<FixtureClientPackage>("@molecule/platform-client")
      .finally(() => fixture.remove());
    const schema = tools.find((t) => t.name === "commit_memory")!
      .inputSchema as { required: string[] };
    expect(() => schema.required.pop()).toThrow(TypeError);
    expect(validateInput("commit_memory", {})).toEqual(["content is required"]);
  });
});

describe("validators of several tools", () => {
  it("two input schemas with the same $id each validate on their own", () => {
    const validate = createValidator(
      new Map<string, object>([
        [
          "one",
          {
            $id: "https://example.com/input",
            type: "object",
            properties: { a: { type: "string" } },
            required: ["a"],
          },
        ],
        [
          "two",
          {
            $id: "https://example.com/input",
            type: "object",
            properties: { b: { type: "integer" } },
            required: ["b"],
          },
        ],
      ]),
    );
    expect(validate("one", {})).toEqual(["a is required"]);
    expect(validate("two", { b: "x" })).toEqual(["b must be an integer"]);
    expect(validate("one", { a: "ok" })).toEqual([]);
  });
});

describe("input errors", () => {
  it("a token used as a field name is not echoed by the validation message", async () => {
    const { createPlatformClient } =
      await import("../../../runtime/client/client.js");
    const schema = {
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: false,
    };
    const tool = {
      name: "t",
      method: "t",
      section: "s",
      short: "s",
      local: false,
      inputSchema: schema,
      outputSchema: null,
      idempotent: false,
      http: binding({}),
    };
    const client = createPlatformClient(
      [tool],
      {
        validate: createValidator(new Map([["t", schema]])),
        withDefaults: (_, input) => input,
      },
      {
        baseUrl: "http://127.0.0.1:9",
        workspace: { id: "w", token: "tok-field-77" },
      },
    );
    const e = await client
      .$call("t", { "tok-field-77": 1 })
      .catch((x: unknown) => x);
    expect((e as Error).message).toBe(
      "invalid input for t: [redacted] is not a known field",
    );
  });
});
