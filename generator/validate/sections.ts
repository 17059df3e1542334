import { declaresCli } from "../model/targets.js";
import type { Problem } from "./problem.js";
import {
  listHint,
  sectionsById,
  toolPath,
  type Check,
} from "./checked-spec.js";
import { quoted } from "../diagnostics/quoted.js";

/**
 * Where each tool belongs: a known section, exactly one of an http binding and `local: true`,
 * and, with the cli target, a cli block exactly when its section is on the CLI. Without the cli
 * target, the CLI decisions are neither required nor checked: they are ignored.
 */
export const checkToolPlacement: Check = ({
  declared,
  sections,
  sectionIds,
  tools,
}) => {
  const problems: Problem[] = [];
  const withCli = declaresCli(declared);
  const byId = sectionsById(sections);
  const ids = [...(sectionIds ?? [])];
  tools.forEach((t, i) => {
    if (t === undefined) return;
    // A section set aside for its own problems is still known by its id, but not whether it is on the CLI.
    const section = byId.get(t.section);
    if (sectionIds !== null && !sectionIds.has(t.section))
      problems.push({
        path: toolPath(i, "section"),
        message: `tool ${quoted(t.name)}: unknown section ${quoted(t.section)}${listHint(ids)}`,
        code: "unknown-section",
      });
    if (t.http && t.local)
      problems.push({
        path: toolPath(i, "local"),
        key: true,
        message: `tool ${quoted(t.name)} has both http and local: keep one`,
        code: "http-and-local",
      });
    else if (!t.http && !t.local)
      problems.push({
        path: toolPath(i, "name"),
        message: `tool ${quoted(t.name)} needs either an http binding or 'local: true'`,
        code: "no-binding",
      });
    if (!withCli || !section) return;
    if (section?.cli) {
      if (t.cli === undefined)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool ${quoted(t.name)} is in section ${quoted(t.section)}, which is on the CLI: declare its cli usage, or 'cli: null' to leave it out`,
          code: "cli-decision-missing",
        });
    } else if (t.cli !== undefined) {
      problems.push({
        path: toolPath(i, "cli"),
        key: true,
        message: `tool ${quoted(t.name)}: section ${quoted(t.section)} is not on the CLI (it has no cli block), so the tool cannot declare one`,
        code: "cli-off-section",
      });
    }
  });
  return problems;
};
