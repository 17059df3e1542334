import type { Diagnostic } from "../diagnostics/index.js";
import type { ImportDoc } from "./import-doc.js";

/** Rounds of leaving refused tools out before the import gives up. */
const ROUNDS = 3;

/**
 * The import with the tools toolgen refuses left out, each reported with toolgen's first error
 * about it (a document whose schema toolgen cannot check, such as a `required` naming no
 * property): `check` renders and generates, returning the errors. An error outside the tools
 * (the targets) is the caller's to report: returned as is.
 */
export function fitted(
  doc: ImportDoc,
  places: ReadonlyMap<string, string>,
  render: (doc: ImportDoc) => string,
  check: (text: string) => readonly Diagnostic[],
): { doc: ImportDoc; text: string; errors: readonly Diagnostic[] } {
  let current = doc;
  for (let round = 0; ; round++) {
    const text = render(current);
    const errors = check(text).filter((d) => d.severity === "error");
    if (errors.length === 0 || round === ROUNDS)
      return { doc: current, text, errors };
    const starts = toolLines(text);
    const refused = new Map<number, Diagnostic>();
    for (const d of errors) {
      const i = d.line === undefined ? -1 : toolAt(starts, d.line);
      if (i < 0) return { doc: current, text, errors };
      if (!refused.has(i)) refused.set(i, d);
    }
    const notes = [...current.notes];
    for (const [i, d] of refused) {
      const tool = current.tools[i]!;
      const place = places.get(tool.tool.name as string) ?? tool.comment;
      notes.push(
        `${place}: ${tool.comment} not imported: toolgen refuses it: ${d.message.split("\n")[0]}`,
      );
    }
    current = {
      ...current,
      tools: current.tools.filter((_, i) => !refused.has(i)),
      notes,
    };
    if (current.tools.length === 0)
      return { doc: current, text: render(current), errors };
  }
}

/** The 1-based line each tool starts on (`  - name:` under `tools:`). */
function toolLines(text: string): number[] {
  const lines = text.split("\n");
  const start = lines.indexOf("tools:");
  const out: number[] = [];
  for (let i = start + 1; start >= 0 && i < lines.length; i++)
    if (lines[i]!.startsWith("  - ")) out.push(i + 1);
  return out;
}

function toolAt(starts: readonly number[], line: number): number {
  let found = -1;
  for (let i = 0; i < starts.length && starts[i]! <= line; i++) found = i;
  return found;
}
