import { declared } from "../model/targets.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { RenderedDocs, DocTexts, Rendered } from "../prompt-docs/types.js";
import type { Model } from "../model/types.js";
import type { ParsedSpec } from "../read/parse.js";
import { toDiagnostic, type Problem } from "./problem.js";
import { checkCoverage } from "./rendered-coverage.js";
import { nameScan, type NameScan } from "./words.js";

/**
 * The one check after rendering: what only the rendered prompt docs can tell. A template that
 * failed on the model (located in it); then, once every text rendered, the coverage of each
 * section, a renamed tool's old name in a text, and a section over the budget. The templates'
 * own problems were found before rendering (validate/templates/).
 */
export function checkRenderedDocs(
  spec: ParsedSpec,
  model: Model,
  docs: RenderedDocs,
  note: (text: string) => void = () => {},
): Diagnostic[] {
  const found = [...docs.problems];
  if (docs.texts === null) return found;
  const renames = new Map(
    model.tools.flatMap((t) =>
      t.renamedFrom.map((old) => [old, t.name] as const),
    ),
  );
  // One scan of each rendered text for the tools' names and their old names, for both checks.
  const scan = nameScan(
    new Set([...model.tools.map((t) => t.name), ...renames.keys()]),
  );
  checkCoverage(model, docs.texts, scan, (d) => found.push(d), note);
  checkRenamedNames(renames, docs.texts, scan, (d) => found.push(d));
  checkBudget(model, docs.texts, (p) => found.push(toDiagnostic(spec, p)));
  return found;
}

/**
 * The rendered docs never hold a renamed tool's old name. The spec's texts are checked
 * before rendering; this catches what a template adds, or data no spec check covers.
 * The problem is located in the template when its own text holds the name.
 */
function checkRenamedNames(
  renames: ReadonlyMap<string, string>,
  texts: DocTexts,
  scan: NameScan,
  report: (d: Diagnostic) => void,
): void {
  if (renames.size === 0) return;
  // One pass over each text for all the names: the texts grow with the spec, and so do the renames.
  const oldNames = (text: string) =>
    new Map([...scan(text)].filter(([name]) => renames.has(name)));
  const parts: Rendered[] = [
    texts.capabilities.mcp,
    texts.capabilities.cli,
    ...texts.sections.flatMap((s) => (s.cli ? [s.mcp, s.cli] : [s.mcp])),
  ];
  const prompts = [texts.prompt.mcp, texts.prompt.cli];
  const inTemplates = new Map<Rendered["template"], Map<string, number>>();
  const templateNames = (
    template: Rendered["template"],
  ): Map<string, number> => {
    let found = inTemplates.get(template);
    if (found === undefined) {
      found = oldNames(template.source);
      inTemplates.set(template, found);
    }
    return found;
  };
  const seen = new Set<string>();
  const emit = (d: Diagnostic) => {
    const key = JSON.stringify(d);
    if (!seen.has(key)) report(d);
    seen.add(key);
  };
  for (const r of [...parts, ...prompts]) {
    // For a prompt only a name its own template writes is reported (below): without one, its long text needs no scan.
    if (prompts.includes(r) && templateNames(r.template).size === 0) continue;
    const inText = oldNames(r.text);
    if (inText.size === 0) continue;
    const inTemplate = templateNames(r.template);
    for (const [old, index] of inText) {
      const message = `'${old}' is an old name of '${renames.get(old)}' and must not appear in the prompt docs`;
      const at = inTemplate.get(old);
      if (at !== undefined)
        emit({
          severity: "error",
          code: "stale-name",
          file: r.template.file,
          message,
          ...position(r.template.source, at),
          length: old.length,
        });
      // A prompt is made of the other texts: what it holds from them is reported there.
      else if (!prompts.includes(r)) {
        const { line } = position(r.text, index);
        emit({
          severity: "error",
          code: "stale-name",
          file: r.template.file,
          message: `${message}: the text it renders into docs/${r.path} has it on line ${line}: ${r.text.split("\n")[line - 1]}`,
        });
      }
    }
  }
}

/** Warns when a section's text passes the budget: a model reads all of it on every turn. */
function checkBudget(
  model: Model,
  texts: DocTexts,
  report: (p: Problem) => void,
): void {
  const budget = model.targets.docs?.budget ?? null;
  if (budget === null) return;
  for (const s of texts.sections) {
    for (const [runtime, r] of [
      ["MCP", s.mcp],
      ["CLI", s.cli],
    ] as const) {
      if (r === null) continue;
      // Characters as a reader counts them: code points, a surrogate pair (an emoji) once.
      const length = [...r.text].length;
      if (length > budget)
        report({
          path: ["sections", s.index, "id"],
          severity: "warning",
          code: "over-budget",
          message: `section '${s.section.id}' renders to ${length} characters for ${runtime} runtimes, over the budget of ${budget} set in targets.docs.budget: shorten its texts or raise the budget`,
        });
    }
  }
}

/** 1-based line and column of `index` in `text`. */
function position(text: string, index: number): { line: number; col: number } {
  const before = text.slice(0, index);
  const lastBreak = before.lastIndexOf("\n");
  return { line: before.split("\n").length, col: index - lastBreak };
}
