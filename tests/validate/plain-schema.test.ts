import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  isPlainSchema,
  KEYWORD_RULES,
  STRING_FORMATS,
} from "../../generator/validate/plain-schema.js";
import { repoRoot } from "../helpers/project.js";
import { pick, TYPE_NAMES } from "./schema-arbitraries.js";
import { strictAjv } from "./strict-ajv.js";

const shared = strictAjv();

function ajvCompiles(schema: unknown): boolean {
  try {
    shared.compile(schema as object);
    return true;
  } catch {
    return false;
  } finally {
    shared.removeSchema();
  }
}

/**
 * Schemas built from the keywords the fast path knows and from what trips ajv up: wrong value
 * types, union types, unknown keywords and formats, bad patterns, tuples, required names that are
 * not properties, keywords on the wrong type, $ref and combinators.
 */
const anyValue = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 5 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
function schemaArb(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const child =
    depth > 0
      ? schemaArb(depth - 1)
      : fc.constantFrom<Record<string, unknown>>(
          { type: "string" },
          { type: "strnig" },
          {},
        );
  return pick(
    {
      type: fc.oneof(
        fc.constantFrom<string>(...TYPE_NAMES, "strnig"),
        fc.constant(["string", "null"]),
        fc.constant(["string", "integer"]),
        fc.constant(["integer", "number"]),
        fc.constant(["string", "string"]),
        fc.constant([]),
      ),
      description: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()),
      enum: fc.oneof(
        fc.array(
          fc.oneof(
            fc.constantFrom("a", "b"),
            fc.integer({ min: 0, max: 2 }),
            fc.constant(null),
          ),
          { maxLength: 3 },
        ),
        fc.constant("a"),
      ),
      default: anyValue,
      const: anyValue,
      minimum: fc.oneof(
        fc.integer({ min: -5, max: 5 }),
        fc.constant("1"),
        fc.constant(Infinity),
      ),
      exclusiveMinimum: fc.integer({ min: -5, max: 5 }),
      multipleOf: fc.oneof(fc.constant(0), fc.constant(-1), fc.constant(0.5)),
      maxLength: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(1.5)),
      pattern: fc.constantFrom("^a", "(", "\\p{L}", "\\Z", "[", "a{2}", "\\-"),
      format: fc.constantFrom(
        "date-time",
        "email",
        "uuid",
        "int32",
        "int64",
        "double",
        "no-such-format",
        "uri",
      ),
      items: fc.oneof(
        child,
        fc.constant([{ type: "string" }]),
        fc.constant(true),
      ),
      maxItems: fc.integer({ min: -1, max: 3 }),
      uniqueItems: fc.oneof(fc.boolean(), fc.constant("yes")),
      properties: fc.dictionary(
        fc.constantFrom("a", "b", "c"),
        fc.oneof(child, fc.constant(true)),
        { maxKeys: 2 },
      ),
      required: fc.oneof(
        fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 }),
        fc.constant(["a", "a"]),
        fc.constant("a"),
      ),
      additionalProperties: fc.oneof(fc.boolean(), child),
      $ref: fc.constantFrom(
        "#",
        "#/$defs/a",
        "#/$defs/missing",
        "#/definitions/a",
      ),
      anyOf: fc.array(child, { minLength: 1, maxLength: 2 }),
      oneOf: fc.array(child, { maxLength: 2 }),
      allOf: fc.array(child, { minLength: 1, maxLength: 2 }),
      readOnly: fc.oneof(fc.boolean(), fc.constant("yes")),
      deprecated: fc.boolean(),
      $defs: fc.dictionary(fc.constantFrom("a", "b"), child, { maxKeys: 2 }),
      definitions: fc.dictionary(fc.constantFrom("a", "c"), child, {
        maxKeys: 2,
      }),
      nullable: fc.boolean(),
    },
    4,
  );
}

describe("isPlainSchema", () => {
  it("says 'certainly compiles' only of schemas strict ajv compiles", () => {
    let plain = 0;
    let runs = 0;
    fc.assert(
      fc.property(schemaArb(2), (schema) => {
        runs++;
        if (!isPlainSchema(schema)) return true;
        plain++;
        return ajvCompiles(schema);
      }),
      seeded(1500),
    );
    // The property above means nothing if the fast path never answers yes.
    expect(plain).toBeGreaterThan(runs / 50);
    expect(plain).toBeLessThan(runs);
  });

  it("says 'certainly compiles' only of nearly plain schemas strict ajv compiles", () => {
    // Mostly plain schemas, where one wrong detail decides.
    let plain = 0;
    let runs = 0;
    const { schema: nearlyPlain } = fc.letrec<{
      schema: Record<string, unknown>;
    }>((tie) => ({
      schema: fc.oneof(
        { maxDepth: 3, depthSize: "small" },
        fc.record(
          {
            type: fc.constantFrom("string", "integer"),
            maxLength: fc.constant(2),
            format: fc.constantFrom("uri", "int32"),
            enum: fc.constant(["a"]),
          },
          { requiredKeys: ["type"] },
        ),
        fc.record(
          {
            type: fc.constantFrom("object", "array"),
            properties: fc
              .array(
                fc.tuple(fc.constantFrom("a", "b", "__proto__"), tie("schema")),
                { maxLength: 2 },
              )
              .map((entries) => {
                const map: Record<string, unknown> = {};
                for (const [name, value] of entries)
                  Object.defineProperty(map, name, {
                    value,
                    enumerable: true,
                    writable: true,
                    configurable: true,
                  });
                return map;
              }),
            required: fc.uniqueArray(fc.constantFrom("a", "b"), {
              maxLength: 2,
            }),
            items: tie("schema"),
            additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    fc.assert(
      fc.property(nearlyPlain, (schema) => {
        runs++;
        if (!isPlainSchema(schema)) return true;
        plain++;
        return ajvCompiles(schema);
      }),
      seeded(3000),
    );
    // Both answers must be met often enough for the property to mean something.
    expect(plain).toBeGreaterThan(runs / 50);
    expect(plain).toBeLessThan(runs);
  });

  it("recognises every input schema of the reference tools.yaml", () => {
    const spec = parse(
      fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8"),
    ) as { tools: { name: string; input: unknown }[] };
    const notPlain = spec.tools
      .filter((t) => !isPlainSchema(t.input))
      .map((t) => t.name);
    expect(notPlain).toEqual([]);
  });

  it.each([
    [
      "a union type naming a type twice",
      { type: "object", properties: { a: { type: ["string", "string"] } } },
    ],
    [
      "an unknown keyword",
      { type: "object", properties: { a: { type: "string", nullable: true } } },
    ],
    [
      "an unknown format",
      {
        type: "object",
        properties: { a: { type: "string", format: "phone" } },
      },
    ],
    [
      "a number format on a string",
      {
        type: "object",
        properties: { a: { type: "string", format: "int32" } },
      },
    ],
    [
      "a pattern the u flag refuses",
      { type: "object", properties: { a: { type: "string", pattern: "\\-" } } },
    ],
    [
      "required naming no property",
      { type: "object", properties: {}, required: ["a"] },
    ],
    [
      "a keyword on the wrong type",
      { type: "object", properties: { a: { type: "string", minimum: 1 } } },
    ],
    [
      "a type-specific keyword without a type",
      { type: "object", properties: { a: { maxLength: 3 } } },
    ],
    [
      "a tuple",
      {
        type: "object",
        properties: { a: { type: "array", items: [{ type: "string" }] } },
      },
    ],
    [
      "a $ref to the root",
      { type: "object", properties: { a: { $ref: "#" } } },
    ],
    [
      "a $ref to no $defs entry",
      { type: "object", properties: { a: { $ref: "#/$defs/b" } }, $defs: {} },
    ],
    [
      "$defs below the root",
      {
        type: "object",
        properties: { a: { $defs: { b: {} }, $ref: "#/$defs/b" } },
      },
    ],
    [
      "a branch its context's type refuses",
      {
        type: "object",
        properties: { a: { type: "integer", anyOf: [{ type: "number" }] } },
      },
    ],
    [
      "$refs going round through $defs entries that are only refs",
      {
        type: "object",
        properties: { a: { $ref: "#/$defs/a" } },
        $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } },
      },
    ],
    [
      "an entry of definitions that refers to itself",
      {
        $ref: "#/definitions/a",
        definitions: { a: { $ref: "#/definitions/a" } },
      },
    ],
    [
      "an empty combinator",
      { type: "object", properties: { a: { type: "string", oneOf: [] } } },
    ],
    [
      "a type-specific keyword in a $defs entry, which has no context",
      {
        type: "object",
        anyOf: [{ $ref: "#/$defs/b" }],
        $defs: { b: { properties: {} } },
      },
    ],
    ["an empty enum", { type: "object", properties: { a: { enum: [] } } }],
    [
      "a repeated enum value",
      { type: "object", properties: { a: { enum: ["x", "x"] } } },
    ],
    [
      "a negative maxLength",
      { type: "object", properties: { a: { type: "string", maxLength: -1 } } },
    ],
  ])("leaves %s to ajv", (_what, schema) => {
    expect(isPlainSchema(schema)).toBe(false);
  });

  it.each([
    [
      "a union type",
      {
        type: "object",
        properties: { a: { type: ["string", "null"], maxLength: 3 } },
      },
    ],
    [
      "a number format",
      {
        type: "object",
        properties: { a: { type: "integer", format: "int64" } },
      },
    ],
    [
      "a combinator whose branches take their context's type",
      { type: "object", allOf: [{ properties: { a: { type: "string" } } }] },
    ],
    [
      "a $ref into $defs, with annotations beside it",
      {
        type: "object",
        properties: { a: { $ref: "#/$defs/a~1b", description: "d" } },
        $defs: { "a/b": { type: "string", readOnly: true, deprecated: false } },
      },
    ],
    [
      "a $ref into draft-07's definitions",
      {
        type: "object",
        properties: { a: { $ref: "#/definitions/a" } },
        definitions: { a: { type: "integer", minimum: 0 } },
      },
    ],
    [
      "a chain of refs, and an entry that holds itself through a property (a tree)",
      {
        $ref: "#/$defs/a",
        $defs: {
          a: { $ref: "#/$defs/node" },
          node: {
            type: "object",
            properties: { kid: { $ref: "#/$defs/node" } },
          },
        },
      },
    ],
  ])("knows that ajv compiles %s", (_what, schema) => {
    expect(isPlainSchema(schema)).toBe(true);
    expect(ajvCompiles(schema)).toBe(true);
  });

  it("knows exactly ajv-formats' string formats", () => {
    const ajv = strictAjv();
    // A format is a RegExp, a function, or a definition that names its type ("number" for int32 and the like).
    const strings = Object.entries(ajv.formats)
      .filter(
        ([, def]) =>
          !(
            def !== null &&
            typeof def === "object" &&
            !(def instanceof RegExp) &&
            (def as { type?: string }).type === "number"
          ),
      )
      .map(([name]) => name);
    expect([...STRING_FORMATS].sort()).toEqual(strings.sort());
  });
});
