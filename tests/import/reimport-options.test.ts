import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";
import {
  editedProject,
  later,
  read,
  schema,
  toolOf,
} from "./edited-project.js";

// toolgen import into an existing spec: --dry-run, --check and --force, an update refused
// whole, and a tool the user renamed (docs/import.md, "Importing again").

describe("importing again: its options and refusals", () => {
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

  it("--dry-run and --check without a spec: nothing written, --check exits 1", async () => {
    const dir = tempDir("toolgen-reimport-");
    fs.writeFileSync(path.join(dir, "later.json"), JSON.stringify(later));
    const dry = await toolgen(dir, "import", "mcp", "later.json", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      `toolgen import: tools.yaml would be written (nothing written): ${later.tools.length} tool(s) from later.json\n`,
    );
    const check = await toolgen(dir, "import", "mcp", "later.json", "--check");
    expect(check.code).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(["later.json"]);
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
