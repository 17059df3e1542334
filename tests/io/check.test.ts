import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { readFixture, snapshotDir, tempProject, toolgen } from "../helpers/project.js";

describe("the drift gate (--check)", () => {
  let dir: string;
  let out: string;
  beforeEach(async () => {
    dir = tempProject(readFixture("valid", "minimal", "tools.yaml"));
    out = path.join(dir, "generated");
    expect((await toolgen(dir)).code).toBe(0);
  });

  it("exits 0 when the output matches the spec", async () => {
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("matches tools.yaml");
    expect(result.stderr).toBe("");
  });

  it("exits 1 on a changed file, with a unified diff and the fixing command", async () => {
    const file = path.join(out, "mcp", "tools.json");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"Add a note."', '"Add a note, edited by hand."'));
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--- a/mcp/tools.json");
    expect(result.stderr).toContain("+++ b/mcp/tools.json");
    expect(result.stderr).toMatch(/^-\s+"description": "Add a note, edited by hand\.",$/m);
    expect(result.stderr).toMatch(/^\+\s+"description": "Add a note\.",$/m);
    expect(result.stderr).toContain("To fix this, run: npm run gen");
  });

  it("exits 1 on a missing file and names it", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("missing: generated/mcp/tools.json");
  });

  it("exits 1 on an extra file and names it", async () => {
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// left behind\n");
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("extra:   generated/mcp/stray.js");
  });

  it("catches a change of line endings alone", async () => {
    const file = path.join(out, "mcp", "tools.json");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/\n/g, "\r\n"));
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("only line endings differ");
  });

  it("writes nothing, even when everything differs", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// left behind\n");
    fs.writeFileSync(path.join(dir, "tools.yaml"), readFixture("valid", "minimal", "tools.yaml").replace("Add a note.", "Add one note."));
    const before = snapshotDir(dir);
    expect((await toolgen(dir, "--check")).code).toBe(1);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("is repaired by one run of gen", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// left behind\n");
    expect((await toolgen(dir)).code).toBe(0);
    expect((await toolgen(dir, "--check")).code).toBe(0);
  });
});
