import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { CODES } from "../../generator/validate/codes.js";
import { corpus } from "../hardening/corpus/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { fixtures, repoRoot } from "../helpers/project.js";

/** Every diagnostic of a spec text: its errors, or the warnings of a valid spec. */
function diagnosticsOf(text: string): readonly Diagnostic[] {
  try {
    return generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" })
      .warnings;
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
}

const invalid = fs
  .readdirSync(path.join(fixtures, "invalid"))
  .map((name) => [
    `invalid/${name}`,
    fs.readFileSync(path.join(fixtures, "invalid", name), "utf8"),
  ]);
const corpusSpecs = Object.entries(corpus).flatMap(([kind, cases]) =>
  cases.map((c) => [`corpus ${kind}/${c.name}`, c.spec]),
);

describe("diagnostic codes", () => {
  it("are kebab-case, each with what it means", () => {
    for (const [code, meaning] of Object.entries(CODES)) {
      expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(meaning.length).toBeGreaterThan(0);
    }
  });

  it("are the table of docs/spec.md, row for row", () => {
    const page = fs.readFileSync(path.join(repoRoot, "docs/spec.md"), "utf8");
    const start = page.indexOf("\n## Diagnostic codes\n");
    expect(start).toBeGreaterThan(0);
    const table = page.slice(start, page.indexOf("</details>", start));
    const rows = [...table.matchAll(/^\| `([a-z0-9-]+)` \| (.+) \|$/gm)].map(
      ([, code, meaning]) => [code, meaning!.replaceAll("\\|", "|")],
    );
    expect(rows).toEqual(Object.entries(CODES));
  });

  it.each([...invalid, ...corpusSpecs])(
    "%s: every diagnostic carries a listed code",
    (_, text) => {
      const found = diagnosticsOf(text!);
      for (const d of found)
        expect(Object.keys(CODES), d.message).toContain(d.code);
    },
  );
});
