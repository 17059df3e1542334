import { ts } from "ts-morph";

/**
 * What toolgen's fixed layout promises of a generated file, as a list of what it breaks
 * ([] when nothing): LF line endings only, a final newline, no white space at the end of a
 * line; a .js or .d.ts file parses as TypeScript with no syntax diagnostic; a package.json
 * parses as JSON and is laid out exactly as `JSON.stringify(value, null, 2)` and a newline;
 * any other .json is a runtime's data file: objects a key per line as that has them, but each
 * element of an array whole on one line (`JSON.stringify(element)`).
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
      const value: unknown = JSON.parse(content);
      const config = /(^|\/)package\.json$/.test(path);
      const laidOut = `${config ? JSON.stringify(value, null, 2) : dataLayout(value)}\n`;
      if (content !== laidOut)
        problems.push(
          config
            ? `${path}: not laid out as JSON.stringify(value, null, 2) and a final newline`
            : `${path}: not laid out as data (an array element a line) and a final newline`,
        );
    } catch (e) {
      problems.push(`${path}: not JSON (${(e as Error).message})`);
    }
  } else if (path.endsWith(".js") || path.endsWith(".d.ts")) {
    problems.push(...syntaxProblems(path, content));
  }
  return problems;
}

/** The data layout, line by line: an object's entries each on a line, an array's elements each whole on a line. */
function dataLayout(value: unknown, indent = ""): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const lines = Array.isArray(value)
    ? value.map((v) => JSON.stringify(v))
    : Object.entries(value).map(
        ([k, v]) => `${JSON.stringify(k)}: ${dataLayout(v, `${indent}  `)}`,
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return lines.length === 0
    ? open + close
    : `${open}\n${lines.map((l) => `${indent}  ${l}`).join(",\n")}\n${indent}${close}`;
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
