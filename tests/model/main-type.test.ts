import { describe, expect, it } from "vitest";
import { mainType } from "../../generator/model/main-type.js";
import { mainType as runtimeMainType } from "../../runtime/cli/convert.js";

// The generator decides which inputs are boolean flags (their --no- form, the prompt docs' command
// line) by the rule the CLI reads arguments with at run time: the two must never disagree.
describe("mainType, in the generator and in the CLI runtime", () => {
  it.each<[unknown, string]>([
    [{ type: "boolean" }, "boolean"],
    [{ type: ["boolean", "null"] }, "boolean"],
    [{ type: ["null", "integer"] }, "integer"],
    [{ type: "null" }, "string"],
    [{ enum: ["a", "b"] }, "enum"],
    [{ enum: ["a"], type: "string" }, "string"],
    [{ enum: [] }, "string"],
    [{}, "string"],
    [{ type: "array", items: { type: "string" } }, "array"],
  ])("%j is %s", (schema, expected) => {
    expect(mainType(schema)).toBe(expected);
    expect(runtimeMainType(schema as never)).toBe(expected);
  });
});
