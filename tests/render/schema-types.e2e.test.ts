import fc from "fast-check";
import { RUNS, seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../generator/model/types.js";
import {
  schemaDeclaration,
  stringUnion,
  typeDeclaration,
} from "../../generator/render/schema-types.js";
import { key, nestedWide } from "./schema-arbitraries.js";
import { typeCheck } from "../helpers/type-check.js";

const obj = (
  properties: Record<string, JsonValue>,
  required: string[] = [],
  extra: JsonObject = {},
): JsonObject => ({ type: "object", properties, required, ...extra });
const LONG = [
  "aaaaaaaaaaaa",
  "bbbbbbbbbbbbbbbbb",
  "cccccccccccccccccc",
  "dddddddddddddddddd",
];

/* Each case: a schema and the declaration expected, written out by hand. */
const cases: [name: string, schema: JsonValue, expected: string][] = [
  [
    "primitives, required and optional",
    obj(
      {
        s: { type: "string" },
        n: { type: "number" },
        i: { type: "integer" },
        b: { type: "boolean" },
        z: { type: "null" },
        u: {},
      },
      ["s", "u"],
    ),
    "export interface T {\n  s: string;\n  n?: number;\n  i?: number;\n  b?: boolean;\n  z?: null;\n  u: unknown;\n}\n",
  ],
  [
    "enum and const as literal unions",
    obj({
      scope: { enum: ["LOCAL", "TEAM", ""] },
      level: { enum: [1, -2, 1.5e21, true, null] },
      fixed: { const: 'it\'s "x"' },
    }),
    'export interface T {\n  scope?: "LOCAL" | "TEAM" | "";\n  level?: 1 | -2 | 1.5e21 | true | null;\n  fixed?: "it\'s \\"x\\"";\n}\n',
  ],
  [
    "a long enum stays on the key's line, however wide",
    obj({ long: { type: "string", enum: LONG } }),
    'export interface T {\n  long?: "aaaaaaaaaaaa" | "bbbbbbbbbbbbbbbbb" | "cccccccccccccccccc" | "dddddddddddddddddd";\n}\n',
  ],
  [
    "arrays: of strings, of a short union, of a long union",
    obj({
      a: { type: "array", items: { type: "string" } },
      b: { type: "array", items: { enum: ["x", "y"] } },
      c: { type: "array", items: { enum: LONG } },
      d: { type: "array" },
    }),
    'export interface T {\n  a?: string[];\n  b?: ("x" | "y")[];\n  c?: ("aaaaaaaaaaaa" | "bbbbbbbbbbbbbbbbb" | "cccccccccccccccccc" | "dddddddddddddddddd")[];\n  d?: unknown[];\n}\n',
  ],
  [
    "nested objects and arrays of objects stay open",
    obj(
      {
        card: obj(
          {
            name: { type: "string" },
            tags: {
              type: "array",
              items: obj({ k: { type: "string" } }, ["k"]),
            },
          },
          ["name"],
        ),
      },
      ["card"],
    ),
    "export interface T {\n  card: {\n    name: string;\n    tags?: {\n      k: string;\n    }[];\n  };\n}\n",
  ],
  [
    "additionalProperties: absent, false, true, a schema",
    obj({
      open: { type: "object" },
      closed: { type: "object", additionalProperties: false },
      any: { type: "object", additionalProperties: true },
      map: { type: "object", additionalProperties: { type: "number" } },
      mixed: obj({ a: { type: "string" } }, [], {
        additionalProperties: { type: "number" },
      }),
    }),
    "export interface T {\n  open?: Record<string, unknown>;\n  closed?: Record<string, never>;\n  any?: Record<string, unknown>;\n  map?: {\n    [key: string]: number;\n  };\n  mixed?: {\n    a?: string;\n    [key: string]: unknown;\n  };\n}\n",
  ],
  [
    "type arrays, and an object or null hugs its object",
    obj({
      maybe: { type: ["string", "null"] },
      card: { type: ["object", "null"], properties: { x: { type: "string" } } },
    }),
    "export interface T {\n  maybe?: string | null;\n  card?: {\n    x?: string;\n  } | null;\n}\n",
  ],
  [
    "anyOf / oneOf are unions; an object among them opens in place",
    obj({
      id: { anyOf: [{ type: "string" }, { type: "integer" }] },
      target: {
        oneOf: [{ type: "string" }, obj({ id: { type: "string" } }, ["id"])],
      },
    }),
    "export interface T {\n  id?: string | number;\n  target?: string | {\n    id: string;\n  };\n}\n",
  ],
  [
    "allOf merges objects, narrows literals by their primitive, intersects the rest",
    obj({
      both: {
        allOf: [
          obj({ a: { type: "string" } }, ["a"]),
          obj({ b: { type: "number" } }),
        ],
      },
      tagged: { allOf: [{ type: "string" }, { enum: ["a", "b", 1] }] },
      clash: {
        allOf: [obj({ a: { type: "string" } }), obj({ a: { enum: ["x"] } })],
      },
      mixed: {
        allOf: [
          obj({ a: { type: "string" } }),
          { anyOf: [{ type: "string" }, { type: "number" }] },
        ],
      },
      indexed: {
        allOf: [
          { type: "object", additionalProperties: { type: "number" } },
          obj({ name: { type: "string" } }),
        ],
      },
    }),
    'export interface T {\n  both?: {\n    a: string;\n    b?: number;\n  };\n  tagged?: "a" | "b";\n  clash?: {\n    a?: string;\n  } & {\n    a?: "x";\n  };\n  mixed?: {\n    a?: string;\n  } & (string | number);\n  indexed?: {\n    [key: string]: unknown;\n    name?: string;\n  };\n}\n',
  ],
  [
    "local $refs are inlined, a cycle degrades to unknown, a remote ref is unknown",
    {
      type: "object",
      definitions: {
        Scope: { enum: ["LOCAL", "TEAM"] },
        Node: {
          type: "object",
          properties: { next: { $ref: "#/definitions/Node" } },
        },
      },
      $defs: { Id: { type: "string" } },
      properties: {
        scope: { $ref: "#/definitions/Scope" },
        id: { $ref: "#/$defs/Id" },
        node: { $ref: "#/definitions/Node" },
        far: { $ref: "https://example.com/s.json" },
      },
    },
    'export interface T {\n  scope?: "LOCAL" | "TEAM";\n  id?: string;\n  node?: {\n    next?: unknown;\n  };\n  far?: unknown;\n}\n',
  ],
  [
    "keys that are not identifiers are quoted, descriptions and defaults become doc comments",
    obj({
      "x-trace": {
        type: "string",
        description: "Trace id. Ends a comment? */ no.",
      },
      "1st": {
        type: "number",
        default: 1,
        description: "First line.\nSecond line.",
      },
    }),
    'export interface T {\n  /** Trace id. Ends a comment? *\\/ no. */\n  "x-trace"?: string;\n  /**\n   * First line.\n   * Second line.\n   * @default 1\n   */\n  "1st"?: number;\n}\n',
  ],
  [
    "an object without properties",
    { type: "object", properties: {} },
    "export interface T {}\n",
  ],
  [
    "a non-object root is a type alias",
    { anyOf: [{ type: "string" }, { type: "number" }] },
    "export type T = string | number;\n",
  ],
  [
    "a union inside an intersection and an intersection inside a union take parentheses",
    obj({
      met: {
        anyOf: [
          { type: "null" },
          {
            allOf: [
              obj({ a: { type: "string" } }),
              { anyOf: [{ type: "string" }, { type: "number" }] },
            ],
          },
        ],
      },
    }),
    "export interface T {\n  met?: null | ({\n    a?: string;\n  } & (string | number));\n}\n",
  ],
];

describe("schemaDeclaration", () => {
  it.each(cases)("%s", (_, schema, expected) => {
    expect(schemaDeclaration("T", schema, null)).toBe(expected);
  });

  it("puts the declaration's own doc comment first", () => {
    expect(schemaDeclaration("T", obj({}), "Input of t.")).toBe(
      "/** Input of t. */\nexport interface T {}\n",
    );
  });

  it("a union of names, short and long, on one line", () => {
    expect(typeDeclaration("N", stringUnion(["a", "b"]), null)).toBe(
      'export type N = "a" | "b";\n',
    );
    expect(typeDeclaration("N", stringUnion([]), null)).toBe(
      "export type N = never;\n",
    );
    expect(typeDeclaration("ToolName", stringUnion(LONG), "Names.")).toBe(
      '/** Names. */\nexport type ToolName = "aaaaaaaaaaaa" | "bbbbbbbbbbbbbbbbb" | "cccccccccccccccccc" | "dddddddddddddddddd";\n',
    );
  });

  it("every case type-checks with the pinned tsc", () => {
    expect(
      typeCheck(
        cases
          .map(([, schema], i) => schemaDeclaration(`T${i}`, schema, null))
          .join("\n"),
      ),
    ).toBe("");
  });
});

describe("schemaDeclaration on random schemas", () => {
  it("writes declarations that type-check, the same each time", () => {
    const written: string[] = [];
    fc.assert(
      fc.property(
        fc.dictionary(
          key,
          nestedWide.map((s) => JSON.parse(JSON.stringify(s)) as JsonValue),
          { maxKeys: 5 },
        ),
        nestedWide,
        fc.option(fc.string({ maxLength: 30 }), { nil: null }),
        (properties, root, doc) => {
          const object = {
            type: "object",
            properties,
            definitions: { a: root },
          } as JsonValue;
          const n = written.length;
          const text = schemaDeclaration(`Random${n}`, object, doc);
          expect(schemaDeclaration(`Random${n}`, object, doc)).toBe(text);
          written.push(text, schemaDeclaration(`Root${n}`, root, doc));
        },
      ),
      seeded(RUNS * 12),
    );
    expect(typeCheck(written.join("\n"))).toBe("");
  });
});
