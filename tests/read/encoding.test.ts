import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readFixture,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";

const minimal = readFixture("valid", "minimal", "tools.yaml");

/** The minimal spec written as `bytes` instead, beside an output folder that must stay as it was. */
async function run(bytes: Buffer) {
  const dir = tempProject(minimal);
  expect((await toolgen(dir)).code).toBe(0);
  const before = snapshotDir(path.join(dir, "generated"));
  fs.writeFileSync(path.join(dir, "tools.yaml"), bytes);
  const result = await toolgen(dir);
  expect(snapshotDir(path.join(dir, "generated"))).toEqual(before);
  return result;
}

describe("a spec that is not UTF-8", () => {
  it("saved as Latin-1: refused at its first such byte, with line, column and frame", async () => {
    const latin1 = Buffer.from(
      minimal.replace("short: Add a note.", "short: Add a nöte."),
      "latin1",
    );
    const result = await run(latin1);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^tools\.yaml:26:19: the spec is not valid UTF-8 \(byte 0xF6\): save it as UTF-8\n {2}25 \|/,
    );
    expect(result.stderr).toContain("\n     |                   ^\n");
  });

  it("after much text in other scripts: still placed at its first bad byte", async () => {
    // 300 lines of multi-byte text first: a search that took a cut character for an error would stop there.
    const cjk = Array.from(
      { length: 300 },
      (_, i) => `# 説明説明説明説明 ${i}\n`,
    ).join("");
    const [head, tail] = minimal.split("short: Add a note.");
    const bytes = Buffer.concat([
      Buffer.from(`${cjk}${head}short: Add a caf`),
      Buffer.from([0xe9]),
      Buffer.from(`.${tail}`),
    ]);
    const result = await run(bytes);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^tools\.yaml:326:21: the spec is not valid UTF-8 \(byte 0xE9\)/,
    );
  });

  it("saved as UTF-16: refused at its first byte", async () => {
    const result = await run(
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(minimal, "utf16le"),
      ]),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^tools\.yaml:1:1: the spec is not valid UTF-8 \(byte 0xFF\)/,
    );
  });

  it("UTF-8 with a byte-order mark is still read", async () => {
    const dir = tempProject(`\ufeff${minimal}`);
    expect((await toolgen(dir)).code).toBe(0);
  });
});
