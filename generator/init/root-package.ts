import { isRecord } from "../../runtime/shared/record.js";
/** What init needs in the project's package.json. */
export const SCRIPTS = { gen: "toolgen", "gen:check": "toolgen --check" };
export const WORKSPACE = "generated/*";

/** init's verdict on an existing package.json: the text to write (null: nothing to add), or why it cannot. */
export type RootPackageMerge =
  | {
      readonly ok: true;
      readonly text: string | null;
      readonly added: string[];
    }
  | { readonly ok: false; readonly problems: string[] };

/** A package.json for a project that has none. */
export function newRootPackage(name: string): string {
  const pkg = {
    name,
    private: true,
    scripts: { ...SCRIPTS },
    workspaces: [WORKSPACE],
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * Adds what is missing (each script, the workspace) to an existing package.json's text, keeping
 * its key order and indentation; a key that holds something else is a problem, never replaced.
 */
export function mergeRootPackage(whole: string): RootPackageMerge {
  // npm reads a package.json that starts with a byte order mark; so does init, and keeps it.
  const bom = whole.startsWith("\ufeff") ? "\ufeff" : "";
  const text = whole.slice(bom.length);
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [jsonProblem(text, e as Error)] };
  }
  if (!isRecord(pkg))
    return { ok: false, problems: ["does not hold a JSON object"] };

  const problems: string[] = [];
  const added: string[] = [];
  const scripts = pkg.scripts ?? {};
  if (!isRecord(scripts)) problems.push(`"scripts" is not an object`);
  else
    for (const [key, command] of Object.entries(SCRIPTS)) {
      const have = scripts[key];
      if (have === undefined) added.push(`scripts.${key}`);
      else if (have !== command)
        problems.push(
          `scripts.${key} is ${JSON.stringify(have)}, not ${JSON.stringify(command)}`,
        );
    }
  const workspaces = pkg.workspaces ?? [];
  if (!Array.isArray(workspaces))
    problems.push(
      `"workspaces" is not an array (init adds ${JSON.stringify(WORKSPACE)} to it)`,
    );
  else if (!workspaces.includes(WORKSPACE))
    added.push(`workspaces ${JSON.stringify(WORKSPACE)}`);
  if (problems.length > 0) return { ok: false, problems };
  if (added.length === 0) return { ok: true, text: null, added };

  const merged: Record<string, unknown> = {
    ...pkg,
    scripts: { ...(scripts as object), ...missing(scripts as object) },
    workspaces: (workspaces as unknown[]).includes(WORKSPACE)
      ? workspaces
      : [...(workspaces as unknown[]), WORKSPACE],
  };
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const json = JSON.stringify(merged, null, indent).replaceAll("\n", eol);
  return { ok: true, text: `${bom}${json}${eol}`, added };
}

/**
 * JSON.parse's complaint with its place as a line and a column (Node says only an offset, or
 * both in words that differ between versions).
 */
function jsonProblem(text: string, error: Error): string {
  const at = /\s*in JSON at position (\d+).*$/s.exec(error.message);
  if (at === null) return `is not valid JSON (${error.message})`;
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `is not valid JSON: line ${line}, column ${column}: ${error.message.slice(0, at.index)}`;
}

function missing(scripts: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCRIPTS).filter(([k]) => !(k in scripts)),
  );
}
