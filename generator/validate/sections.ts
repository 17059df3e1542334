import type { Problem } from "./problem.js";
import {
  listHint,
  sectionsById,
  toolPath,
  type Check,
} from "./checked-spec.js";

/**
 * Where each tool belongs: a known section, exactly one of an http binding and `local: true`,
 * and, with the cli target, a cli block exactly when its section is on the CLI. Without the cli
 * target, the CLI decisions are neither required nor checked: they are ignored.
 */
export const checkToolPlacement: Check = ({ raw, tools }) => {
  const problems: Problem[] = [];
  const withCli = raw.targets.cli !== undefined;
  const byId = sectionsById(raw);
  const ids = [...byId.keys()];
  tools.forEach((t, i) => {
    if (t === undefined) return;
    const section = byId.get(t.section);
    if (!section)
      problems.push({
        path: toolPath(i, "section"),
        message: `unknown section '${t.section}'${listHint(ids)}`,
      });
    if (t.http && t.local)
      problems.push({
        path: toolPath(i, "local"),
        key: true,
        message: `tool '${t.name}' has both http and local: keep one`,
      });
    else if (!t.http && !t.local)
      problems.push({
        path: toolPath(i, "name"),
        message: `tool '${t.name}' needs either an http binding or 'local: true'`,
      });
    if (!withCli) return;
    if (section?.cli) {
      if (t.cli === undefined)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool '${t.name}' is in section '${t.section}', which is on the CLI: declare its cli usage, or 'cli: null' to leave it out`,
        });
    } else if (t.cli !== undefined && section) {
      problems.push({
        path: toolPath(i, "cli"),
        key: true,
        message: `section '${t.section}' is not on the CLI (it has no cli block), so tool '${t.name}' cannot declare one`,
      });
    }
  });
  return problems;
};
