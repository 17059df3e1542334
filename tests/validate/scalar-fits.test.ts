import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scalarFits } from "../../generator/validate/scalar-fits.js";
import { seeded } from "../properties/settings.js";
import { addFormats, pick, TYPE_NAMES } from "./schema-arbitraries.js";

// scalarFits, the shortcut that checks a default or enum value against a plain type without
// compiling it, held to ajv.

describe("scalarFits", () => {
  const lenient = new Ajv({ strict: false, allErrors: false });
  addFormats(lenient);
  const scalar = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.constantFrom("😀😀", "abc", "A1"),
    fc.integer({ min: -3, max: 12 }),
    fc.double({ min: -3, max: 3, noNaN: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const simple = pick(
    {
      type: fc.oneof(
        fc.constantFrom(...TYPE_NAMES),
        fc.constantFrom(
          ["string", "null"],
          ["integer", "null"],
          ["boolean", "string"],
          ["object", "array"],
        ),
      ),
      // Unique, as the meta-schema has checked before values are: the check runs on compiled schemas only.
      enum: fc.uniqueArray(
        fc.oneof(
          fc.constantFrom("a", "abc", "😀😀"),
          fc.integer({ min: -1, max: 3 }),
          fc.constant(null),
          fc.constant(true),
        ),
        { minLength: 1, maxLength: 3 },
      ),
      const: fc.oneof(
        fc.constantFrom("a", "abc"),
        fc.integer({ min: 0, max: 2 }),
      ),
      minimum: fc.integer({ min: -2, max: 5 }),
      exclusiveMaximum: fc.integer({ min: -2, max: 10 }),
      minLength: fc.integer({ min: 0, max: 3 }),
      maxLength: fc.integer({ min: 0, max: 3 }),
      pattern: fc.constantFrom("^a", "c$", "\\d", "^\\p{L}+$"),
      format: fc.constantFrom("email", "date"),
      multipleOf: fc.constantFrom(2, 0.5),
      properties: fc.constant({ a: { type: "string" } }),
      description: fc.string({ maxLength: 3 }),
      readOnly: fc.boolean(),
      deprecated: fc.boolean(),
    },
    3,
  );

  it("says 'fits' only of values ajv accepts", () => {
    let fits = 0;
    fc.assert(
      fc.property(scalar, simple, (value, schema) => {
        if (!scalarFits(value, schema)) return true;
        fits++;
        const validate = lenient.compile(schema);
        lenient.removeSchema(schema);
        return validate(value);
      }),
      seeded(3000),
    );
    expect(fits).toBeGreaterThan(30);
  });

  it("counts a string's length in code points, as ajv does", () => {
    expect(scalarFits("😀😀", { type: "string", maxLength: 2 })).toBe(true);
    expect(scalarFits("😀😀😀", { type: "string", maxLength: 2 })).toBe(false);
  });

  it("leaves lists, mappings and formats to ajv", () => {
    expect(scalarFits(["a"], { type: "array" })).toBe(false);
    expect(scalarFits({}, { type: "object" })).toBe(false);
    expect(scalarFits("a@b.co", { type: "string", format: "email" })).toBe(
      false,
    );
  });
});
