import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";
import { editedProject, first, later, read, toolOf } from "./edited-project.js";

// toolgen import into an existing spec: the imported tools follow the source, what the user
// added or edited is kept, each change is reported as toolgen diff reports it, and an unchanged
// source changes nothing (docs/import.md, "Importing again").

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
});
