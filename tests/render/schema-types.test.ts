import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../generator/model/types.js";
import {
  schemaDeclaration,
  stringUnion,
  typeDeclaration,
} from "../../generator/render/schema-types.js";
import { repoRoot } from "../helpers/project.js";

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

/* Random schemas: whatever their shape, what is written type-checks. */
const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,14}$/);
const key = fc.oneof(
  { weight: 4, arbitrary: word },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "x-y",
      "1a",
      "__proto__",
      "a b",
      "ünï",
      "ℵ",
      "'q'",
      'd"q',
      "𝑥",
    ),
  },
);
const literalValue = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);
const { schema: schemaArb } = fc.letrec<{ schema: JsonValue }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>(
      { type: "string" },
      { type: "integer" },
      { type: "boolean" },
      { type: ["string", "null"] },
      {},
      { type: "object" },
    ),
    fc.record({
      enum: fc.uniqueArray(literalValue, {
        minLength: 1,
        maxLength: 9,
        selector: (v) => JSON.stringify(v),
      }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      type: fc.constant("array"),
      items: tie("schema"),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      type: fc.constantFrom<JsonValue>("object", ["object", "null"]),
      properties: fc.dictionary(key, tie("schema"), { maxKeys: 4 }),
      description: fc.option(fc.string({ maxLength: 90 }), { nil: undefined }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 4 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 5 }),
      description: fc.string({ maxLength: 40 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      type: fc.constant("object"),
      additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
      properties: fc.dictionary(key, tie("schema"), { maxKeys: 2 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      type: fc.constant("string"),
      enum: fc.uniqueArray(fc.string({ minLength: 8, maxLength: 30 }), {
        minLength: 2,
        maxLength: 6,
      }),
      default: fc.string(),
    }) as fc.Arbitrary<JsonValue>,
  ),
}));

/* Shapes beyond the plain ones: references, consts, pattern properties, odd numbers and texts. */
const oddSchema: fc.Arbitrary<JsonValue> = fc.constantFrom<JsonValue>(
  { $ref: "#" },
  { $ref: "#/properties/a" },
  { $ref: "#/definitions/missing" },
  { const: 'it\'s "q"' },
  { const: 1.5e21 },
  { const: [1] },
  { enum: ["a", { b: 1 }] },
  { type: "object", patternProperties: { "^x": { type: "string" } } },
  { type: "object", additionalProperties: false },
  { type: "object", additionalProperties: {} },
  { type: ["string", "integer", "null"], enum: ["a", 1, null, true] },
  { allOf: [{ type: "string" }, { enum: ["a", 1] }] },
  {
    allOf: [
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "number" } } },
    ],
  },
  {
    allOf: [
      { type: "object", additionalProperties: { type: "string" } },
      { type: "object", properties: { b: {} } },
    ],
  },
  {
    anyOf: [
      { type: "object", properties: { a: {} } },
      { type: "object", properties: { a: {} } },
      { type: "null" },
    ],
  },
  { oneOf: [{}, { type: "string" }] },
  { anyOf: [false, { type: "string" }] },
  { type: "array", items: [{ type: "string" }] },
  {
    description: "  line one\r\n\r\n  line two */  \u2028",
    default: { a: [1, "x"] },
    type: "string",
  },
  true,
  false,
);
/** An object met with a union: written `} & (…)`. */
const objectAndUnion = fc
  .uniqueArray(fc.string({ minLength: 3, maxLength: 30 }), {
    minLength: 2,
    maxLength: 5,
  })
  .map((values): JsonValue => ({
    allOf: [{ type: "object", properties: { a: {} } }, { enum: values }],
  }));
const wideSchema = fc.oneof(
  { weight: 3, arbitrary: schemaArb },
  { weight: 1, arbitrary: oddSchema },
  { weight: 1, arbitrary: objectAndUnion },
);
const { schema: nestedWide } = fc.letrec<{ schema: JsonValue }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    wideSchema,
    fc.record({
      type: fc.constant("object"),
      properties: fc.dictionary(key, tie("schema"), { maxKeys: 4 }),
      required: fc.array(key, { maxLength: 3 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
    }) as fc.Arbitrary<JsonValue>,
    fc.record({
      anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 4 }),
    }) as fc.Arbitrary<JsonValue>,
  ),
}));

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
      { numRuns: Number(process.env.TOOLGEN_PROPERTY_RUNS ?? 150) },
    );
    expect(typeCheck(written.join("\n"))).toBe("");
  });
});

/** tsc's complaints about a module of declarations ("" when none). */
function typeCheck(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-types-"));
  try {
    fs.writeFileSync(path.join(dir, "all.ts"), `${body}\nexport {};\n`);
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "all.ts",
      ],
      { encoding: "utf8", cwd: dir },
    );
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
