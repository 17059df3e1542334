import { ts } from "ts-morph";

/**
 * What toolgen's fixed layout promises of a generated file, as a list of what it breaks
 * ([] when nothing): LF line endings only, a final newline, no white space at the end of a
 * line; a .js or .d.ts file parses as TypeScript with no syntax diagnostic; a .json file
 * parses as JSON and is laid out exactly as `JSON.stringify(value, null, 2)` and a newline.
 * Markdown is text kept byte for byte: only the line rules apply to it.
 */
export function layoutProblems(file: {
  readonly path: string;
  readonly content: string;
}): string[] {
  const { path, content } = file;
  const problems: string[] = [];
  if (content.includes("\r")) problems.push(`${path}: holds a CR`);
  if (!content.endsWith("\n")) problems.push(`${path}: no final newline`);
  const trailing = content.split("\n").findIndex((l) => /[ \t]$/.test(l));
  if (trailing >= 0)
    problems.push(
      `${path}:${trailing + 1}: white space at the end of the line`,
    );
  if (path.endsWith(".json")) {
    try {
      const laidOut = `${JSON.stringify(JSON.parse(content), null, 2)}\n`;
      if (content !== laidOut)
        problems.push(
          `${path}: not laid out as JSON.stringify(value, null, 2) and a final newline`,
        );
    } catch (e) {
      problems.push(`${path}: not JSON (${(e as Error).message})`);
    }
  } else if (path.endsWith(".js") || path.endsWith(".d.ts")) {
    problems.push(...syntaxProblems(path, content));
  }
  return problems;
}

/** TypeScript's syntax diagnostics for a .js or .d.ts file. */
function syntaxProblems(path: string, content: string): string[] {
  const source = ts.createSourceFile(
    path,
    content,
    ts.ScriptTarget.Latest,
    false,
    path.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );
  const diagnostics = (
    source as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }
  ).parseDiagnostics;
  return diagnostics.map((d) => {
    const { line, character } = source.getLineAndCharacterOfPosition(
      d.start ?? 0,
    );
    return `${path}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}
