import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  scriptsOf,
  skeleton,
} from "../../generator/validate/confusable-names.js";
// @ts-expect-error: a plain .mjs script, without types
import { confusablesTable, tablePath } from "../../scripts/confusables.mjs";

describe("the confusables table", () => {
  it("is what scripts/confusables.mjs makes from the confusables.txt mapping unhomoglyph ships", () => {
    expect(fs.readFileSync(tablePath as string, "utf8")).toBe(
      (confusablesTable as () => string)(),
    );
  });
});

describe("skeleton (UTS #39, towards ASCII)", () => {
  it.each([
    ["\u0441ontent", "content"], // Cyrillic с
    ["p\u0430yload", "payload"], // Cyrillic а
    ["\u03bfrder", "order"], // Greek ο
    ["\uff4eame", "name"], // fullwidth ｎ
    ["\u0456d", "id"], // Cyrillic і
  ])("%s reads as %s", (name, ascii) => {
    expect(name).not.toBe(ascii);
    expect(skeleton(name)).toBe(skeleton(ascii));
  });

  it.each([
    ["caf\u00e9", "cafe"], // an accent is seen
    ["\u0436", "x"], // Cyrillic ж is no x
  ])("%s does not read as %s", (a, b) => {
    expect(skeleton(a)).not.toBe(skeleton(b));
  });
});

describe("scriptsOf", () => {
  it.each([
    ["content", ["Latin"]],
    ["\u0441ontent", ["Cyrillic", "Latin"]],
    [
      "\u0441\u043e\u0434\u0435\u0440\u0436\u0430\u043d\u0438\u0435",
      ["Cyrillic"],
    ],
    ["id_2", ["Latin"]],
    ["id\u756a\u53f7", ["Latin", "Han"]],
  ])("%s: %j", (name, scripts) => {
    expect([...scriptsOf(name).keys()]).toEqual(scripts);
  });
});
