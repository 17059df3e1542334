import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../generator/model/types.js";
import { cliType } from "../../../generator/model/main-type.js";
import { schemaDeclaration } from "../../../generator/render/schema-types.js";
import { checkInputSchema } from "../../../generator/validate/input-schema.js";
import { createValidator } from "../../../runtime/client/validate.js";
import { refTarget } from "../../../runtime/shared/pointer.js";

// One reader of local refs (runtime/shared/pointer.ts): each step of the pointer decoded on its
// own, as ajv reads it. An encoded `/` (%2F or ~1) is part of a key, never a step between two:
// toolgen's checks, the CLI, the client's declarations and its validation agree on where it points.

describe("refTarget", () => {
  const root = { $defs: { "a/b": 1, a: { b: 2 }, "~x": 3 }, list: [4, 5] };

  it.each<[string, unknown]>([
    ["#", root],
    ["#/$defs/a~1b", 1],
    ["#/$defs/a%2Fb", 1],
    ["#/$defs/a/b", 2],
    ["#/$defs/~0x", 3],
    ["#/$defs/%7E0x", 3],
    ["#/list/1", 5],
    ["#/list/01", undefined],
    ["#/$defs/none", undefined],
    ["#/$defs/constructor", undefined],
    ["#/$defs/%E0%A4%A", undefined],
    ["#a", undefined],
    ["other.json#/$defs", undefined],
  ])("%s", (ref, expected) => {
    expect(refTarget(root, ref)).toBe(expected);
  });
});

describe("an encoded / in a $ref: the checks, the CLI, the types and the validation agree", () => {
  // `$defs` holds the key `a/b` and, apart, the path `c` → `d`.
  const schema: JsonObject = {
    type: "object",
    $defs: { "a/b": { type: "integer" }, c: { d: { type: "integer" } } },
    properties: {
      percent: { $ref: "#/$defs/a%2Fb" },
      tilde: { $ref: "#/$defs/a~1b" },
    },
  };

  it("a ref to the key a/b, written either way, is sound and read as an integer", () => {
    expect(checkInputSchema(schema)).toEqual([]);
    const properties = schema.properties as JsonObject;
    expect(cliType(properties.percent, schema)).toBe("integer");
    expect(cliType(properties.tilde, schema)).toBe("integer");
    expect(schemaDeclaration("T", schema, null)).toBe(
      "export interface T {\n  percent?: number;\n  tilde?: number;\n}\n",
    );
    const validate = createValidator(new Map([["t", schema]]));
    expect(validate("t", { percent: 1, tilde: 2 })).toEqual([]);
    expect(validate("t", { percent: "x" })).not.toEqual([]);
  });

  it("a %2F never walks the path c → d: the checks refuse it, the CLI reads text, the type is unknown", () => {
    const broken: JsonObject = {
      ...schema,
      properties: { n: { $ref: "#/$defs/c%2Fd" } },
    };
    expect(checkInputSchema(broken)).toEqual([
      expect.objectContaining({
        code: "ref-dangling",
        message: "'$ref' points at nothing: '#/$defs/c%2Fd'",
      }),
    ]);
    expect(cliType((broken.properties as JsonObject).n, broken)).toBe("string");
    expect(schemaDeclaration("T", broken, null)).toBe(
      "export interface T {\n  n?: unknown;\n}\n",
    );
    // ajv cannot resolve it either: the client would refuse to compile the schema.
    const validate = createValidator(new Map([["t", broken]]));
    expect(() => validate("t", {})).toThrow(/can't resolve reference/);
  });
});
