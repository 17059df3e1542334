import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { ES5_IDENTIFIER } from "../../generator/render/es5-identifier.js";
import { propertyKey } from "../../generator/render/literal.js";

describe("property keys", () => {
  it("test identifiers with the very regular expression prettier unquotes keys by", () => {
    const estree = path.join(
      path.dirname(createRequire(import.meta.url).resolve("prettier")),
      "plugins",
      "estree.js",
    );
    const source = fs.readFileSync(estree, "utf8");
    const start = source.indexOf("/^[\\$A-Z_a-z\\xAA");
    expect(start).toBeGreaterThan(0);
    expect(source.slice(start, source.indexOf("/,", start) + 1)).toBe(
      ES5_IDENTIFIER.toString(),
    );
  });

  it.each([
    "naïve",
    "π",
    "$dollar",
    "_x",
    "default",
    "ab",
    "𝑥",
    "a b",
    "0lead",
    "a-b",
    "a.b",
    "__proto__",
    "constructor",
    "e\u0301",
  ])(
    "%s is written as prettier writes it, in a type and in an object",
    async (name) => {
      const code = `export interface A {\n  ${propertyKey(name)}?: string;\n}\nexport const a = {\n  ${propertyKey(name)}: 1,\n};\n`;
      expect(await prettier.format(code, { parser: "typescript" })).toBe(code);
      expect(
        await prettier.format(code.replace("?: string", ": string"), {
          parser: "babel-ts",
        }),
      ).toBe(code.replace("?: string", ": string"));
    },
  );
});
