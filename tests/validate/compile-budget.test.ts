import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../generator/model/types.js";
import {
  checkInputSchema,
  MAX_COMPILED_REFS,
} from "../../generator/validate/input-schema.js";
import { isPlainSchema } from "../../generator/validate/plain-schema.js";

// The schemas gen compiles with ajv (those it cannot vouch for without: plain-schema.ts) may
// hold MAX_COMPILED_REFS $refs in all, one count for the whole spec.

/** A schema of `refs` refs into its $defs; `not` makes it one gen compiles. */
function schema(refs: number, compiled: boolean, tag: string): JsonObject {
  const properties: Record<string, unknown> = {};
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < refs; i++) {
    properties[`p${i}`] = { $ref: `#/$defs/d${i}` };
    defs[`d${i}`] = { type: "string" };
  }
  return {
    type: "object",
    description: tag,
    properties,
    $defs: defs,
    ...(compiled ? { not: { required: ["p0"] } } : {}),
  } as JsonObject;
}

describe("the refs gen compiles, in all", () => {
  it("counts each compiled schema's refs against the spec's one budget", () => {
    const budget = { refs: MAX_COMPILED_REFS - 5, counted: new Set<string>() };
    const small = schema(3, true, "small");
    expect(isPlainSchema(small)).toBe(false);
    expect(checkInputSchema(small, "input", budget)).toEqual([]);
    expect(budget.refs).toBe(MAX_COMPILED_REFS - 2);
    const over = checkInputSchema(schema(3, true, "over"), "input", budget);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ path: [], code: "too-many-compiled-refs" });
    expect(over[0]!.message).toContain(
      `more than ${MAX_COMPILED_REFS} $refs in all`,
    );
    // A refused schema costs nothing: the budget is as it was.
    expect(budget.refs).toBe(MAX_COMPILED_REFS - 2);
    // The same text again costs nothing more: it is one schema to ajv.
    expect(checkInputSchema(small, "input", budget)).toEqual([]);
    expect(budget.refs).toBe(MAX_COMPILED_REFS - 2);
  });

  it("says the same in a second run of the same process, when ajv's answers are cached", () => {
    // Watch mode: the first run compiled (and cached) what fit; the second must not let more in.
    const schemas = [0, 1, 2].map((i) => schema(4, true, `again ${i}`));
    const run = () => {
      const budget = {
        refs: MAX_COMPILED_REFS - 9,
        counted: new Set<string>(),
      };
      return schemas.map((s) => checkInputSchema(s, "input", budget).length);
    };
    expect(run()).toEqual([0, 0, 1]);
    expect(run()).toEqual([0, 0, 1]);
  });

  it("counts the refs where schemas are, not a `$ref` key in an example or a default", () => {
    const budget = { refs: MAX_COMPILED_REFS - 1, counted: new Set<string>() };
    const withData = {
      ...schema(1, true, "data"),
      examples: [{ $ref: "#/not/a/schema" }],
      default: { $ref: "x" },
    } as JsonObject;
    expect(checkInputSchema(withData, "input", budget)).toEqual([]);
    expect(budget.refs).toBe(MAX_COMPILED_REFS);
  });

  it("does not count a schema it checks without compiling, however many refs it has", () => {
    const budget = { refs: MAX_COMPILED_REFS, counted: new Set<string>() };
    const plain = schema(900, false, "plain");
    expect(isPlainSchema(plain)).toBe(true);
    expect(checkInputSchema(plain, "output", budget)).toEqual([]);
    expect(budget.refs).toBe(MAX_COMPILED_REFS);
  });
});
