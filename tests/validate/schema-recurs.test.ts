import { describe, expect, it } from "vitest";
import { checkInputSchema } from "../../generator/validate/input-schema.js";

describe("a schema that recurs", () => {
  // An imported spec repeats whole schemas across its tools; each must still get its problems.
  const refused = () => ({
    type: "object",
    properties: { a: { type: "string", minLength: "three" } },
  });

  it("gets the same problems each time it is checked", () => {
    const first = checkInputSchema(refused());
    expect(first.map((p) => p.code)).toEqual(["invalid-json-schema"]);
    expect(checkInputSchema(refused())).toEqual(first);
  });

  it("is worded for the kind it is checked as", () => {
    const input = checkInputSchema(refused(), "input");
    const output = checkInputSchema(refused(), "output");
    expect(input[0]!.message).toMatch(/^the input schema /);
    expect(output[0]!.message).toMatch(/^the output schema /);
  });
});
