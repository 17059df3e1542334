import fc from "fast-check";
import type { JsonValue } from "../../generator/model/types.js";

/* Random schemas: whatever their shape, what is written type-checks. */
const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,14}$/);
export const key = fc.oneof(
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
export const { schema: nestedWide } = fc.letrec<{ schema: JsonValue }>(
  (tie) => ({
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
  }),
);
