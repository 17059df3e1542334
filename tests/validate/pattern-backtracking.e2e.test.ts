import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { repoRoot, snapshotDir, tempProject } from "../helpers/project.js";

/**
 * The toolgen CLI, as a real process, on a spec whose input pattern a backtracking validator
 * stalls on (`^(a+)+$`): exit 2 with the located reason, nothing written, whichever targets
 * the spec declares (TypeScript, Python or both: one set of patterns for every language). The
 * pattern's default would itself stall gen if it were checked against the pattern; the run is
 * killed after 20 s, a guard against a hang, not a measure of speed.
 */

const bin = path.join(repoRoot, "bin", "toolgen.mjs");
const env =
  "{ base_url: ACME_URL, workspace_id: ACME_WORKSPACE, token: ACME_TOKEN, workspaces: ACME_WORKSPACES }";
const TARGETS = {
  typescript: [`  client: { package: "@acme/client", env: ${env} }`],
  python: [
    `  python: { package: acme-tools, module: acme_tools, env: ${env} }`,
  ],
  both: [
    `  client: { package: "@acme/client", env: ${env} }`,
    "  python: { package: acme-tools, module: acme_tools }",
  ],
};

const spec = (targets: readonly string[]) =>
  [
    "targets:",
    ...targets,
    "sections:",
    "  - { id: notes, heading: Notes, label: Notes }",
    "tools:",
    "  - name: add_note",
    "    section: notes",
    "    short: Add a note.",
    "    when_to_use: When you learn something worth keeping.",
    "    input:",
    "      type: object",
    "      properties:",
    `        text: { type: string, pattern: "^(a+)+$", default: "${"a".repeat(40)}!" }`,
    "    local: true",
    "",
  ].join("\n");

describe("a pattern that can backtrack catastrophically, through the CLI", () => {
  it.each(Object.entries(TARGETS))(
    "%s: exit 2, the reason at the pattern, nothing written",
    async (_, targets) => {
      const dir = tempProject(spec(targets));
      fs.mkdirSync(path.join(dir, "generated"));
      fs.writeFileSync(path.join(dir, "generated", "kept.txt"), "as it was\n");
      const before = snapshotDir(dir);

      const run = await runBin(bin, [], {}, dir);
      const line = 12 + targets.length;

      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `tools.yaml:${line}:40: tool 'add_note', input 'text': the pattern '^(a+)+$' can take time exponential in the input's length: '(a+)+' reads 'a', repeated, in more than one way`,
      );
      expect(run.stderr).toContain(`> ${line} |`);
      expect(run.stderr).toContain("toolgen: 1 error(s); nothing was written.");
      expect(snapshotDir(dir)).toEqual(before);
    },
  );
});
