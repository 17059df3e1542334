import { describe, expect, it } from "vitest";
import { schemaPatterns } from "../../generator/model/schema-patterns.js";

// Every pattern of a schema is found, wherever it stands: under a property of any name (data
// keywords' names included) and in each keyword that maps names to schemas.

describe("schemaPatterns", () => {
  it("finds a pattern under a dependency of a property named like a data keyword", () => {
    const schema = {
      type: "object",
      properties: { default: { type: "string", pattern: "^a$" } },
      dependencies: { default: { properties: { b: { pattern: "^b$" } } } },
    };
    expect(schemaPatterns(schema)).toEqual([
      { pattern: "^a$", path: ["properties", "default", "pattern"] },
      {
        pattern: "^b$",
        path: ["dependencies", "default", "properties", "b", "pattern"],
      },
    ]);
  });

  it("reads no pattern in data: an enum, a default or a required list", () => {
    const schema = {
      type: "object",
      properties: {
        p: { enum: [{ pattern: "^x$" }], default: { pattern: "^y$" } },
      },
      required: ["pattern"],
    };
    expect(schemaPatterns(schema)).toEqual([]);
  });
});
