import { describe, expect, it } from "vitest";
import { mainType } from "../../../runtime/cli/main-type.js";

// The generator decides which inputs are boolean flags (their --no- form, the prompt docs' command
// line) by this function too, the rule the CLI reads arguments with at run time.
describe("mainType", () => {
  it.each<[unknown, string]>([
    [{ type: "boolean" }, "boolean"],
    [{ type: ["boolean", "null"] }, "boolean"],
    [{ type: ["null", "integer"] }, "integer"],
    [{ type: "null" }, "string"],
    [{ enum: ["a", "b"] }, "enum"],
    [{ enum: ["a"], type: "string" }, "string"],
    [{ enum: [] }, "string"],
    [{}, "string"],
    [null, "string"],
    [{ type: "array", items: { type: "string" } }, "array"],
    [{ type: ["string", "number"] }, "union"],
    [{ type: ["boolean", "null", "string"] }, "union"],
    [{ type: ["integer", "number"] }, "number"],
    [{ type: ["integer", "null"] }, "integer"],
  ])("%j is %s", (schema, expected) => {
    expect(mainType(schema)).toBe(expected);
  });
});
