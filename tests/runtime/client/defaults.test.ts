import { describe, expect, it } from "vitest";
import {
  createDefaultsFiller,
  fillDefaults,
} from "../../../runtime/client/defaults.js";

// The one rule every target follows: the schema's top-level defaults are filled in before the
// platform or a local handler sees the input (MCP, LangChain, the CLI and the client alike).

describe("fillDefaults", () => {
  const schema = {
    type: "object",
    properties: {
      scope: { type: "string", default: "LOCAL" },
      tags: { type: "array", default: ["a"] },
      content: { type: "string" },
    },
  };

  it("fills the top-level defaults that are missing, and nothing else", () => {
    expect(fillDefaults(schema, { content: "c" })).toEqual({
      content: "c",
      scope: "LOCAL",
      tags: ["a"],
    });
  });

  it("keeps values given, even falsy ones", () => {
    expect(fillDefaults(schema, { scope: "", tags: [] })).toEqual({
      scope: "",
      tags: [],
    });
  });

  it("leaves the caller's object and the schema untouched", () => {
    const input = { content: "c" };
    const filled = fillDefaults(schema, input) as { tags: string[] };
    filled.tags.push("b");
    expect(input).toEqual({ content: "c" });
    expect(schema.properties.tags.default).toEqual(["a"]);
  });

  it("returns the input itself when there is nothing to fill", () => {
    const input = { scope: "TEAM", tags: ["t"] };
    expect(fillDefaults(schema, input)).toBe(input);
  });

  it("passes through what is not an object", () => {
    expect(fillDefaults(schema, "text")).toBe("text");
    expect(fillDefaults(schema, ["a"])).toEqual(["a"]);
    expect(fillDefaults({ type: "object" }, { a: 1 })).toEqual({ a: 1 });
  });

  it("fills inputs named like Object.prototype's members, and sends __proto__ as a field", () => {
    const odd = {
      type: "object",
      properties: {
        constructor: { default: "fast" },
        toString: { default: 1 },
        ["__proto__"]: { default: { polluted: true } },
      },
    };
    const filled = fillDefaults(odd, {}) as Record<string, unknown>;
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(Object.keys(filled)).toEqual([
      "constructor",
      "toString",
      "__proto__",
    ]);
    expect(JSON.parse(JSON.stringify(filled))).toEqual(
      JSON.parse(
        '{"constructor":"fast","toString":1,"__proto__":{"polluted":true}}',
      ),
    );
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("createDefaultsFiller", () => {
  it("fills by tool name, and leaves an unknown tool's input as it is", () => {
    const fill = createDefaultsFiller(
      new Map([
        [
          "t",
          {
            type: "object",
            properties: { n: { type: "integer", default: 3 } },
          },
        ],
      ]),
    );
    expect(fill("t", {})).toEqual({ n: 3 });
    const input = {};
    expect(fill("other", input)).toBe(input);
  });
});
