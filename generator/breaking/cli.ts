import type { CliCommand } from "../model/types.js";
import { about, type ChangeName, type Subject } from "./changes.js";
import { compareText } from "./texts.js";

/** A tool's CLI command: gone or added, its words, its positional arguments, its summary. */
export function compareCli(
  sub: Subject,
  b: CliCommand | null | undefined,
  c: CliCommand | null | undefined,
): void {
  const here = ["tools", sub.index, "cli"];
  const push = (change: ChangeName, text: string, onUsage: boolean) =>
    sub.push({
      change,
      tool: sub.tool,
      message: `${about(sub.tool)}: ${text}`,
      path: onUsage
        ? [...here, "usage"]
        : c === undefined
          ? ["tools", sub.index]
          : here,
      key: !onUsage,
    });
  if (!b && !c) return;
  if (!b)
    return push("cli-command-added", `CLI command '${c!.usage}' added`, true);
  if (!c)
    return push(
      "cli-command-removed",
      `CLI command '${b.usage}' removed${c === null ? " (cli: null)" : " (its section is no longer on the CLI)"}`,
      false,
    );
  if (b.keyword !== c.keyword)
    push(
      "cli-command-changed",
      `CLI command changed from '${b.keyword}' to '${c.keyword}'`,
      true,
    );
  if (b.positionals.join(" ") !== c.positionals.join(" "))
    push(
      "cli-positionals-changed",
      `CLI positional arguments changed from ${list(b.positionals)} to ${list(c.positionals)}`,
      true,
    );
  compareText(sub, b.summary, c.summary, {
    what: "CLI summary",
    path: [...here, "summary"],
    parent: here,
  });
}

function list(names: readonly string[]): string {
  return names.length === 0 ? "none" : names.map((n) => `<${n}>`).join(" ");
}
