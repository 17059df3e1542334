import { kebabCase } from "../../model/names.js";
import type { Model } from "../../model/types.js";
import type { Problem } from "../../spec/problem.js";
import { cliTools } from "./commands.js";

/** Options the CLI itself answers on every command. */
const RESERVED = new Set(["json", "help"]);

/**
 * Each non-positional input becomes `--kebab-case`: refuses the names the CLI's own flags or a
 * flag word that selects a command already take (two inputs sharing one is a spec error already).
 */
export function checkOptions(model: Model, report: (p: Problem) => void): void {
  const commands = cliTools(model);
  const plainOf = (keyword: string) => keyword.split(" ").filter((w) => !w.startsWith("-")).join(" ");
  // The flag words of every command, grouped by the plain words they share: one pass, not one per command.
  const selectingByPlain = new Map<string, Map<string, string>>();
  for (const command of commands) {
    const plain = plainOf(command.cli.keyword);
    let selecting = selectingByPlain.get(plain);
    if (!selecting) selectingByPlain.set(plain, (selecting = new Map()));
    for (const w of command.cli.keyword.split(" ")) if (w.startsWith("--")) selecting.set(w.slice(2), command.cli.keyword);
  }
  const index = new Map(model.tools.map((t, i) => [t, i]));
  for (const tool of commands) {
    const i = index.get(tool)!;
    const selecting = selectingByPlain.get(plainOf(tool.cli.keyword))!;
    for (const name of tool.inputNames) {
      if (tool.cli.positionals.includes(name)) continue;
      const option = kebabCase(name);
      const at = ["tools", i, "input", "properties", name];
      const problem = (message: string) => report({ path: at, key: true, message });
      if (RESERVED.has(option)) {
        problem(`input '${name}' would be the CLI option --${option}, which every command keeps for itself: rename it, or take it as a <${name}> in the usage`);
      } else if (selecting.has(option)) {
        problem(`input '${name}' would be the CLI option --${option}, which already selects the command '${selecting.get(option)}': rename it, or take it as a <${name}> in the usage`);
      }
    }
  }
}
