import { describe, expect, it } from "vitest";
import { resolveLocal } from "../../../runtime/cli/refs.js";
import { cliType } from "../../../generator/model/main-type.js";

describe("resolveLocal: a property's schema as the command line reads it", () => {
  const root = {
    type: "object",
    $defs: {
      count: { type: "integer", description: "A count." },
      alias: { $ref: "#/$defs/count" },
      "a/b~c": { type: "boolean" },
      loop: { $ref: "#/$defs/loop" },
      item: { type: "object" },
    },
    definitions: { old: { type: "number" } },
  };

  it("follows a ref, and a ref to a ref, the keywords beside it kept over it", () => {
    expect(
      resolveLocal({ $ref: "#/$defs/alias", description: "Mine." }, root),
    ).toEqual({
      type: "integer",
      description: "Mine.",
    });
    expect(cliType({ $ref: "#/definitions/old" }, root)).toBe("number");
  });

  it("decodes ~1, ~0 and %-escapes in the pointer", () => {
    expect(cliType({ $ref: "#/$defs/a~1b~0c" }, root)).toBe("boolean");
    expect(cliType({ $ref: "#/$defs/a%2Fb~0c" }, root)).toBe("boolean");
  });

  it("resolves array items", () => {
    expect(
      resolveLocal({ type: "array", items: { $ref: "#/$defs/item" } }, root),
    ).toEqual({ type: "array", items: { type: "object" } });
  });

  it("leaves a ref that points nowhere, outside, or round in circles: read as text", () => {
    for (const $ref of [
      "#/$defs/none",
      "#/$defs/loop",
      "other.json#/x",
      "#/$defs/__proto__",
      "#/$defs/count/%E0%A4%A",
    ])
      expect(cliType({ $ref }, root)).toBe("string");
  });
});
