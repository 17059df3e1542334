import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readFixture,
  removedAfterEach,
  tempProject,
  toolgen,
} from "../helpers/project.js";

// The drift gate covers every consumer's view: each edit of a per-target block of the views
// fixture (tests/fixtures/views/tools.yaml) makes `gen --check` find exactly the packages
// that show it out of date.
const views = readFixture("views", "tools.yaml");
const removed = removedAfterEach();

/** The files `--check` finds changed once `from` is replaced by `to` in the generated project's spec. */
async function changedBy(from: string, to: string): Promise<string[]> {
  const dir = removed(tempProject(views));
  expect((await toolgen(dir)).code).toBe(0);
  if (!views.includes(from))
    throw new Error(
      `the views fixture no longer holds ${JSON.stringify(from)}`,
    );
  fs.writeFileSync(path.join(dir, "tools.yaml"), views.replace(from, to));
  const run = await toolgen(dir, "--check", "--format", "json");
  expect(run.code).toBe(1);
  const report = JSON.parse(run.stdout) as {
    files: { path: string; status: string }[];
  };
  return report.files
    .filter((f) => f.status === "changed")
    .map((f) => f.path.replace(/^generated\//, ""));
}

describe("gen --check finds a changed view in the packages that show it", () => {
  it.each<[string, string, string, string[]]>([
    [
      "langchain.description",
      "Synchronous variant",
      "Blocking variant",
      ["client/tools.json"],
    ],
    [
      "langchain.hide",
      "      hide: [scope]",
      "      hide: []",
      ["client/tools.json", "langchain/index.d.ts"],
    ],
    [
      "mcp.description",
      "the primary one unless you name another",
      "the primary one by default",
      [
        "client/tools.json",
        "docs/capabilities.mcp.md",
        "docs/prompt.mcp.md",
        "docs/sections/a2a.mcp.md",
        // The MCP server's instructions are the prompts package's MCP prompt, imported from there.
      ],
    ],
    [
      "cli.description",
      "Print your workspace's name, role and settings.",
      "Print your workspace.",
      [
        "cli/commands.json",
        "client/tools.json",
        "docs/capabilities.cli.md",
        "docs/prompt.cli.md",
      ],
    ],
    [
      "cli.order",
      "        - list_peers\n        - delegate_task\n",
      "        - delegate_task\n        - list_peers\n",
      [
        "cli/commands.json",
        "docs/capabilities.cli.md",
        "docs/prompt.cli.md",
        "docs/sections/a2a.cli.md",
      ],
    ],
  ])("%s", async (_, from, to, files) => {
    expect(await changedBy(from, to)).toEqual(files);
  });
});
