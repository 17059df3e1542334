import type { Problem } from "./problem.js";
import { type Check } from "./checked-spec.js";
import { cliCommands } from "./cli-usage.js";
import { quoted } from "../diagnostics/quoted.js";

/**
 * A section's `cli.order` lists each CLI command of the section (a tool of it with a usage)
 * exactly once, by tool name. Ignored without the cli target.
 */
export const checkCliOrder: Check = (spec) => {
  const problems: Problem[] = [];
  if (!spec.declared.has("cli")) return problems;
  const commands = cliCommands(spec);
  spec.sections.forEach((s, i) => {
    const order = s?.cli?.order;
    if (s === undefined || order === undefined) return;
    // A tool set aside for its own problems may be one of the section's commands: the list is then unknown.
    const raw = spec.raw.tools as unknown[];
    if (
      spec.tools.some(
        (t, k) =>
          t === undefined &&
          (raw[k] as { section?: unknown } | null)?.section === s.id,
      )
    )
      return;
    const own = spec.tools.flatMap((t, k) =>
      t !== undefined && t.section === s.id && commands[k] !== undefined
        ? [t.name]
        : [],
    );
    const who = `section ${quoted(s.id)}, cli.order`;
    const seen = new Set<string>();
    order.forEach((name, k) => {
      const path = ["sections", i, "cli", "order", k];
      if (!own.includes(name))
        problems.push({
          path,
          code: "cli-order-unknown",
          message: `${who}: ${quoted(name)} is no CLI command of this section (its commands: ${own.join(", ") || "none"})`,
        });
      else if (seen.has(name))
        problems.push({
          path,
          code: "cli-order-incomplete",
          message: `${who}: ${quoted(name)} is listed twice`,
        });
      seen.add(name);
    });
    const missing = own.filter((name) => !seen.has(name));
    if (missing.length > 0)
      problems.push({
        path: ["sections", i, "cli", "order"],
        code: "cli-order-incomplete",
        message: `${who} leaves out ${missing.map((n) => `${quoted(n)}`).join(", ")}: list every CLI command of the section once`,
      });
  });
  return problems;
};
