import fs from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/project.js";

// Fixed code is source: what a generated package holds that does not depend on the spec is a
// hand-written, type-checked file of runtime/, not text inside an emitter. So no template literal
// of generator/ holds more than LIMIT lines of fixed code: lines with text outside its `${…}`
// substitutions. generator/commands/ is left out: its literals are toolgen's own usage texts,
// printed to a terminal, never written into a package.

const LIMIT = 10;
const root = path.join(repoRoot, "generator");
const LEFT_OUT = "commands/";

/** The lines of a template literal with text outside its substitutions. */
function fixedLines(literal: ts.TemplateLiteral): number {
  const parts = ts.isNoSubstitutionTemplateLiteral(literal)
    ? [literal.rawText ?? ""]
    : [
        literal.head.rawText ?? "",
        ...literal.templateSpans.map((s) => s.literal.rawText ?? ""),
      ];
  // A substitution is not fixed text: split the lines with it taken out.
  return parts
    .join("\0")
    .split("\n")
    .filter((line) => line.replaceAll("\0", "").trim() !== "").length;
}

/** Every template literal of a TypeScript text, with its line. */
function literals(
  file: string,
  text: string,
): { line: number; literal: ts.TemplateLiteral }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; literal: ts.TemplateLiteral }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    )
      found.push({
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        literal: node,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const parse = (text: string) => literals("x.ts", text)[0]!.literal;

describe("fixed code in generator/", () => {
  it("counts a literal's lines of fixed text, not its substitutions", () => {
    expect(fixedLines(parse("const a = `one\\ntwo`;"))).toBe(1);
    expect(fixedLines(parse("const a = `one\ntwo\n\nthree`;"))).toBe(3);
    expect(fixedLines(parse("const a = `${x}\n${y}\nz${w}\n`;"))).toBe(1);
    expect(fixedLines(parse("const a = `${x} \n  ${y}`;"))).toBe(0);
  });

  it(`is at most ${LIMIT} lines in any template literal`, () => {
    const files = fs
      .readdirSync(root, { recursive: true })
      .map((f) => String(f).split(path.sep).join("/"))
      .filter((f) => f.endsWith(".ts") && !f.startsWith(LEFT_OUT));
    // The walk reaches the emitters (a walk that finds nothing would pass anything).
    expect(files).toContain("emitters/mcp/code.ts");
    const long = files.flatMap((f) =>
      literals(f, fs.readFileSync(path.join(root, f), "utf8")).flatMap(
        ({ line, literal }) => {
          const n = fixedLines(literal);
          return n > LIMIT ? [`generator/${f}:${line}: ${n} lines`] : [];
        },
      ),
    );
    expect(long, "move fixed code into runtime/").toEqual([]);
  });
});
