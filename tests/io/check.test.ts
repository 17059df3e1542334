import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  readFixture,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";

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
    const file = path.join(out, "client", "tools.json");
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, "utf8")
        .replace('"Add a note."', '"Add a note, edited by hand."'),
    );
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--- a/client/tools.json");
    expect(result.stderr).toContain("+++ b/client/tools.json");
    expect(result.stderr).toMatch(
      /^-\s+"short": "Add a note, edited by hand\.",$/m,
    );
    expect(result.stderr).toMatch(/^\+\s+"short": "Add a note\.",$/m);
    expect(result.stderr).toContain("To fix this, run: npx toolgen\n");
  });

  it("exits 1 on a missing file and names it", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("missing: generated/mcp/tools.json");
  });

  it("exits 1 on a file of toolgen's that the spec no longer produces, and names it", async () => {
    fs.appendFileSync(path.join(out, ".toolgen"), "mcp/stale.js\n");
    fs.writeFileSync(
      path.join(out, "mcp", "stale.js"),
      "// from an older spec\n",
    );
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("extra:   generated/mcp/stale.js\n");
    expect(result.stderr).toContain("To fix this, run: npx toolgen\n");
  });

  it("exits 1 on a file toolgen did not write, and says to move it out first", async () => {
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// someone's notes\n");
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "foreign: generated/mcp/stray.js (toolgen did not write it)\n",
    );
    expect(result.stderr).toContain(
      "To fix this, move the foreign files out of generated/, then run: npx toolgen\n",
    );
  });

  it("names the fixing command with the options this check was run with", async () => {
    expect((await toolgen(dir, "--out", "other dir")).code).toBe(0);
    fs.rmSync(path.join(dir, "other dir", "mcp", "tools.json"));
    const result = await toolgen(dir, "--check", "--out", "other dir");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "To fix this, run: npx toolgen --out 'other dir'\n",
    );
  });

  it("catches a change of line endings alone", async () => {
    const file = path.join(out, "mcp", "tools.json");
    fs.writeFileSync(
      file,
      fs.readFileSync(file, "utf8").replace(/\n/g, "\r\n"),
    );
    const result = await toolgen(dir, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("only line endings differ");
  });

  it("writes nothing, even when everything differs", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// left behind\n");
    fs.writeFileSync(
      path.join(dir, "tools.yaml"),
      readFixture("valid", "minimal", "tools.yaml").replace(
        "Add a note.",
        "Add one note.",
      ),
    );
    const before = snapshotDir(dir);
    expect((await toolgen(dir, "--check")).code).toBe(1);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("is repaired by one run of gen", async () => {
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    fs.appendFileSync(path.join(out, ".toolgen"), "mcp/stale.js\n");
    fs.writeFileSync(
      path.join(out, "mcp", "stale.js"),
      "// from an older spec\n",
    );
    expect((await toolgen(dir)).code).toBe(0);
    expect(fs.existsSync(path.join(out, "mcp", "stale.js"))).toBe(false);
    expect((await toolgen(dir, "--check")).code).toBe(0);
  });

  it("an output folder that cannot be read is exit 2 with the system's reason, not a bug", async () => {
    fs.writeFileSync(path.join(dir, "a-file"), "");
    for (const args of [
      ["--out", "a-file/generated"],
      ["--check", "--out", "a-file/generated"],
    ]) {
      const result = await toolgen(dir, ...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^toolgen: cannot (write|read) a-file\/generated\/: ENOTDIR: not a directory, \w+ '.*a-file\/generated.*'\n$/,
      );
    }
  });

  it("gen refuses a file it did not write, and loses nothing", async () => {
    fs.writeFileSync(path.join(out, "mcp", "stray.js"), "// someone's notes\n");
    fs.rmSync(path.join(out, "mcp", "tools.json"));
    const before = snapshotDir(out);
    const result = await toolgen(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "holds files that toolgen did not write (its .toolgen does not list them): mcp/stray.js. Move them out of that folder. Nothing was written.",
    );
    expect(snapshotDir(out)).toEqual(before);
  });
});
