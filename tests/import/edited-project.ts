import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// The project the re-import tests share: a server's tools imported (\`first\`), then edited by
// its user as a user would, with the server's next list (\`later\`) saved beside it.

export const schema = (...names: string[]) => ({
  type: "object",
  properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])),
});

/** The server's tools as it first lists them. */
export const first = {
  serverInfo: { name: "notes-server", version: "1.4.0" },
  tools: [
    {
      name: "search_notes",
      title: "Search notes",
      description: "Find notes by text.\n\nUse before writing a note.",
      inputSchema: schema("text"),
      annotations: { readOnlyHint: true },
    },
    {
      name: "add_note",
      description: "Add a note.",
      inputSchema: schema("text"),
    },
    { name: "ping", description: "Check it answers.", inputSchema: schema() },
    { name: "old_tool", description: "Gone soon.", inputSchema: schema() },
  ],
};

/** The same server later: tools changed, one gone, one new. */
export const later = {
  serverInfo: { name: "notes-server", version: "1.5.0" },
  tools: [
    {
      name: "search_notes",
      title: "Search notes",
      description: "Find notes by text or tag.\n\nUse before writing a note.",
      inputSchema: schema("text", "tag"),
    },
    {
      name: "add_note",
      title: "Add note",
      description: "Add a note.",
      inputSchema: { ...schema("text", "tag"), required: ["tag"] },
    },
    {
      name: "delete_note",
      description: "Delete a note.",
      inputSchema: schema(),
    },
    {
      name: "ping",
      description: "Check it answers, fast.",
      inputSchema: schema(),
    },
  ],
};

/** Each edit a user makes to the imported spec, as text: [what is there, what they write]. */
const edits: [string | RegExp, string][] = [
  ["# Imported by", "# Our notes tools, kept in git.\n# Imported by"],
  [
    "    server_name: notes-server\n",
    "    server_name: notes-server\n  cli:\n    package: notes-cli\n    bin: notes\n",
  ],
  [
    "  mcp:\n    package: notes-server-mcp",
    "  mcp:\n    package: our-notes-mcp",
  ],
  [
    "    heading: notes-server\n    label: notes-server\n",
    "    heading: Notes  # ours\n    label: Notes\n    cli:\n      intro: Notes from the shell.\n",
  ],
  [
    "    when_to_use: |-\n      Find notes by text.\n\n      Use before writing a note.\n",
    "    # reworded for our agents\n    when_to_use: Search before you write, to avoid a duplicate.\n",
  ],
  [
    "      read_only: true\n",
    "      read_only: true\n    renamed_from: [find_notes]\n",
  ],
  [
    "    when_to_use: Add a note.\n",
    "    when_to_use: Add a note.\n    langchain:\n      description: Adds one note.\n    ai_sdk:\n      description: Adds one note (AI SDK).\n    function_calling:\n      description: Adds one note (functions).\n",
  ],
  // The user takes ping over: without the import's line, it is theirs.
  [/  # tools\/list, tool 3 · import.*\n/, ""],
  // The section is on the CLI: each tool declares its command, add_note one, the others none.
  [/\n    local: true\n/g, "\n    local: true\n    cli: null\n"],
  [
    /(- name: add_note\n(?:    .*\n)*?    local: true\n)    cli: null\n/,
    "$1    cli:\n      usage: add\n      summary: Add a note.\n",
  ],
];

function applyEdits(text: string): string {
  let out = text;
  for (const [from, to] of edits) {
    const next = out.replace(from, to);
    if (next === out) throw new Error(`not in the spec: ${String(from)}`);
    out = next;
  }
  return out;
}

/** A project imported from `first` and edited by its user; `later` saved beside it. */
export async function editedProject(): Promise<string> {
  const dir = tempDir("toolgen-reimport-");
  fs.writeFileSync(path.join(dir, "first.json"), JSON.stringify(first));
  fs.writeFileSync(path.join(dir, "later.json"), JSON.stringify(later));
  const run = await toolgen(
    dir,
    "import",
    "mcp",
    "first.json",
    "--name",
    "notes-server",
  );
  expect(run.code, run.stderr).toBe(0);
  const spec = path.join(dir, "tools.yaml");
  fs.writeFileSync(spec, applyEdits(fs.readFileSync(spec, "utf8")));
  fs.copyFileSync(spec, path.join(dir, "edited.yaml"));
  return dir;
}

export const read = (dir: string, file = "tools.yaml") =>
  fs.readFileSync(path.join(dir, file), "utf8");
export const toolOf = (spec: { tools: { name: string }[] }, name: string) =>
  spec.tools.find((t) => t.name === name) as
    Record<string, unknown> | undefined;
