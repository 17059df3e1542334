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

describe("the JSON.parse messages the CLI shows for a bad --option <json>", () => {
  // tests/vectors/cli-parse/json-errors.json: Node's own words, which the Python CLI
  // (toolgen_core.cli_json_error) writes the same. A Node release that words them differently
  // fails here first.
  const errors = JSON.parse(
    fs.readFileSync(
      path.join(repoRoot, "tests", "vectors", "cli-parse", "json-errors.json"),
      "utf8",
    ),
  ) as { text: string; message: string }[];
  it.each(errors)("$text", ({ text, message }) => {
    expect(() => JSON.parse(text)).toThrow(
      expect.objectContaining({ message }) as Error,
    );
  });
});
