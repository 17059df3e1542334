import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../helpers/project.js";
import { cases, outcome } from "./parse-cases.js";

describe("the CLI parse vectors, against the TypeScript runtime", () => {
  it.each(cases.map((c) => ({ name: c.argv.join(" ") || "(nothing)", c })))(
    "$name",
    ({ c }) => {
      expect(outcome(c.argv)).toEqual(c.expect);
    },
  );
});

describe("what a --option <json> refuses as not JSON", () => {
  // tests/vectors/cli-parse/not-json.json: texts JSON.parse refuses, which the Python CLI must
  // refuse too (its json.loads takes NaN and Infinity, which JSON.parse does not).
  const texts = JSON.parse(
    fs.readFileSync(
      path.join(repoRoot, "tests", "vectors", "cli-parse", "not-json.json"),
      "utf8",
    ),
  ) as { text: string }[];
  it.each(texts)("$text", ({ text }) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });
});
