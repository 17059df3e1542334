import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// toolgen import into an existing spec: the imported tools follow the source, what the user
// added or edited is kept, each change is reported as toolgen diff reports it, and an unchanged
// source changes nothing (docs/import.md, "Importing again").

const schema = (...names: string[]) => ({
  type: "object",
  properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])),
});

/** The server's tools as it first lists them. */
const first = {
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
const later = {
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
async function editedProject(): Promise<string> {
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

const read = (dir: string, file = "tools.yaml") =>
  fs.readFileSync(path.join(dir, file), "utf8");
const toolOf = (spec: { tools: { name: string }[] }, name: string) =>
  spec.tools.find((t) => t.name === name) as
    Record<string, unknown> | undefined;

describe("importing again into an edited spec", () => {
  it("updates the imported tools and keeps what the user added or edited", async () => {
    const dir = await editedProject();
    const edited = parse(read(dir, "edited.yaml"));
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(run.code, run.stderr).toBe(0);
    const text = read(dir);
    const spec = parse(text);

    // What the source carries follows it; a value filled by rule follows it while unedited.
    const [search, add, del] = later.tools;
    expect(spec.version).toBe(later.serverInfo.version);
    expect(toolOf(spec, "search_notes")).toMatchObject({
      short: search!.description.split("\n")[0],
      input: search!.inputSchema,
      mcp: { description: search!.description },
    });
    expect(toolOf(spec, "search_notes")!.annotations).toBeUndefined();
    expect(toolOf(spec, "add_note")).toMatchObject({
      title: add!.title,
      input: add!.inputSchema,
    });
    // A new tool comes after the one before it in the source, its section being on the CLI.
    expect(spec.tools.map((t: { name: string }) => t.name)).toEqual([
      "search_notes",
      "add_note",
      "delete_note",
      "ping",
    ]);
    expect(toolOf(spec, "delete_note")).toMatchObject({
      short: del!.description,
      cli: null,
    });

    // The user's: the edited when_to_use, views, CLI blocks, sections, targets, old names, the
    // tool taken over, and every comment.
    for (const [name, keys] of [
      ["search_notes", ["when_to_use", "renamed_from"]],
      ["add_note", ["langchain", "ai_sdk", "function_calling", "cli"]],
    ] as const)
      for (const key of keys)
        expect(toolOf(spec, name)![key]).toEqual(toolOf(edited, name)![key]);
    expect(toolOf(spec, "ping")).toEqual(toolOf(edited, "ping"));
    expect(spec.targets).toEqual(edited.targets);
    expect(spec.sections).toEqual(edited.sections);
    for (const comment of [
      "# Our notes tools, kept in git.",
      "# ours",
      "# reworded for our agents",
    ])
      expect(text).toContain(comment);
    expect(run.stderr).toContain(
      `note: tool "search_notes": your when_to_use is kept; the source's would now give another\n`,
    );
    expect(run.stderr).toContain(
      `note: tool "ping" has no import comment: it is yours, left as it is\n`,
    );
    expect(run.stderr).toContain(
      `note: tool "delete_note" is added with cli: null`,
    );
  });

  it("reports each change as toolgen diff does, breaks flagged", async () => {
    const dir = await editedProject();
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(run.code, run.stderr).toBe(0);
    const diff = await toolgen(dir, "diff", "--against", "edited.yaml");
    const changes = (out: string) =>
      out.split(/\ntoolgen (?:diff|import): /)[0];
    expect(changes(run.stdout)).toBe(changes(diff.stdout));
    expect(run.stdout).toMatch(/: breaking: tool 'old_tool': removed/);
    expect(run.stdout).toMatch(
      /: breaking: tool 'add_note', input 'tag': added as a required input/,
    );
    expect(run.stdout).toMatch(
      /: breaking: tool 'search_notes': read_only is now false/,
    );
    expect(run.stdout).toMatch(/: compatible: tool 'delete_note': added/);
    // Three breaks: old_tool removed, search_notes no longer read-only, add_note's tag
    // required; the rest compatible.
    const breaks = diff.stdout.match(/: breaking: /g)!.length;
    const others = diff.stdout.match(/: compatible: /g)!.length;
    expect(breaks).toBe(3);
    expect(run.stdout).toContain(
      `toolgen import: tools.yaml updated from later.json: 1 tool(s) added, 1 removed, 2 changed; ${breaks} breaking, ${others} compatible\nA change above breaks agents or callers already deployed: acknowledge it`,
    );
  });

  it("leaves runtime/ as the user wrote it, and names the handlers to add", async () => {
    const dir = await editedProject();
    fs.writeFileSync(path.join(dir, "runtime/index.js"), "// mine\n");
    const before = snapshotDir(path.join(dir, "runtime"));
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(run.code, run.stderr).toBe(0);
    expect(snapshotDir(path.join(dir, "runtime"))).toEqual(before);
    expect(run.stdout).toContain(
      `runtime/ is yours: add the handler of "delete_note"`,
    );
  });

  it("is deterministic, and a no-op once the source is unchanged", async () => {
    const a = await editedProject();
    const b = await editedProject();
    for (const dir of [a, b])
      await toolgen(
        dir,
        "import",
        "mcp",
        "later.json",
        "--name",
        "notes-server",
      );
    expect(read(a)).toBe(read(b));
    const again = await toolgen(
      a,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(again.code, again.stderr).toBe(0);
    expect(read(a)).toBe(read(b));
    expect(again.stdout).toBe(
      "toolgen import: tools.yaml: nothing changed (4 tool(s) from later.json)\n",
    );
    // The notes of what the spec cannot carry and of the user's kept values come again.
    expect(again.stderr).not.toContain("is added with");
  });

  it("a fresh import into its own spec changes nothing", async () => {
    const dir = tempDir("toolgen-reimport-");
    fs.writeFileSync(path.join(dir, "first.json"), JSON.stringify(first));
    await toolgen(dir, "import", "mcp", "first.json");
    const text = read(dir);
    const run = await toolgen(dir, "import", "mcp", "first.json");
    expect(run.code, run.stderr).toBe(0);
    expect(read(dir)).toBe(text);
    expect(run.stdout).toMatch(/: nothing changed \(/);
  });

  it("--dry-run and --check report and write nothing; --check exits 1 on a change", async () => {
    const dir = await editedProject();
    const before = snapshotDir(dir);
    const dry = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
      "--dry-run",
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/: breaking: tool 'old_tool': removed/);
    expect(dry.stdout).toContain(
      "toolgen import: tools.yaml would be updated (nothing written) from later.json: ",
    );
    const check = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
      "--check",
    );
    expect(check.code).toBe(1);
    expect(snapshotDir(dir)).toEqual(before);
    await toolgen(dir, "import", "mcp", "later.json", "--name", "notes-server");
    const clean = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
      "--check",
    );
    expect(clean.code, clean.stderr).toBe(0);
  });

  it("--force replaces the spec and runtime/ whole", async () => {
    const dir = await editedProject();
    fs.writeFileSync(path.join(dir, "runtime/index.js"), "// mine\n");
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
      "--force",
    );
    expect(run.code, run.stderr).toBe(0);
    const fresh = tempDir("toolgen-reimport-");
    fs.copyFileSync(
      path.join(dir, "later.json"),
      path.join(fresh, "later.json"),
    );
    await toolgen(
      fresh,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(read(dir)).toBe(read(fresh));
    expect(read(dir, "runtime/index.js")).toBe(read(fresh, "runtime/index.js"));
  });

  it("an update toolgen cannot serve: the located errors, exit 2, nothing written", async () => {
    const dir = await editedProject();
    const before = snapshotDir(dir);
    const bad = {
      tools: [...later.tools, { name: "notes.count", inputSchema: schema() }],
    };
    fs.writeFileSync(path.join(dir, "later.json"), JSON.stringify(bad));
    before["later.json"] = read(dir, "later.json");
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tools\.yaml:\d+:\d+: /m);
    expect(run.stderr).toContain("nothing was written");
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("a tool renamed by the user (renamed_from) follows its source under its new name", async () => {
    const dir = await editedProject();
    const spec = path.join(dir, "tools.yaml");
    fs.writeFileSync(
      spec,
      read(dir).replace(
        "  - name: add_note\n",
        "  - name: create_note\n    renamed_from: [add_note]\n",
      ),
    );
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "later.json",
      "--name",
      "notes-server",
    );
    expect(run.code, run.stderr).toBe(0);
    const after = parse(read(dir));
    expect(toolOf(after, "add_note")).toBeUndefined();
    expect(toolOf(after, "create_note")).toMatchObject({
      title: later.tools[1]!.title,
      input: later.tools[1]!.inputSchema,
    });
  });
});
