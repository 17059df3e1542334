import { describe, expect, it } from "vitest";
import { createResultValidator } from "../../../runtime/client/validate.js";

// validateOutput: where a result does not fit its tool's output schema, as a JSON pointer.
const schemas = new Map<string, object>([
  [
    "stats",
    {
      type: "object",
      properties: {
        count: { type: "integer" },
        kind: { enum: ["a", "b"] },
      },
      required: ["count"],
      additionalProperties: { type: "number" },
    },
  ],
]);
const validate = createResultValidator(schemas, ["stats", "plain"]);

describe("validateOutput", () => {
  it("accepts a fitting result", () => {
    expect(validate("stats", { count: 2, kind: "a", extra: 1.5 })).toEqual([]);
  });

  it("says where each problem is, by JSON pointer", () => {
    expect(validate("stats", { count: 1.5, kind: "c" })).toEqual([
      "/count: must be an integer",
      '/kind: must be one of "a", "b"',
    ]);
    expect(validate("stats", {})).toEqual(['/: "count" is required']);
    expect(validate("stats", null)).toEqual(["/: must be an object"]);
  });

  it("shows a control character in a key of the answer as an escape, never as itself", () => {
    const [problem] = validate("stats", { count: 1, "a\nb\u001b[2J": "x" });
    expect(problem).toBe("/a\\u000ab\\u001b[2J: must be a number");
  });

  it("accepts anything for a tool without an output schema, and refuses an unknown tool", () => {
    expect(validate("plain", "anything")).toEqual([]);
    expect(validate("nope", {})).toEqual(['unknown tool "nope"']);
  });
});
