import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAX_SPEC_BYTES,
  readBounded,
  SpecTooLargeError,
} from "../../generator/read/bounded.js";
import {
  readFixture,
  removedAfterEach,
  tempProject,
  toolgen,
} from "../helpers/project.js";

const removed = removedAfterEach();
const minimal = readFixture("valid", "minimal", "tools.yaml");
const size = Buffer.byteLength(minimal);

describe("readBounded", () => {
  it("reads a file of exactly the limit whole, and refuses one byte more", () => {
    const dir = removed(tempProject(minimal));
    const file = path.join(dir, "tools.yaml");
    expect(readBounded(file, size).toString("utf8")).toBe(minimal);
    expect(() => readBounded(file, size - 1)).toThrow(SpecTooLargeError);
  });

  it("stops at the limit on a device that never ends, whatever its stat says", () => {
    expect(fs.statSync("/dev/zero").size).toBe(0);
    expect(() => readBounded("/dev/zero", 1024 * 1024)).toThrow(
      SpecTooLargeError,
    );
  });

  it("is 16 MiB unless told otherwise", () => {
    expect(MAX_SPEC_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe("gen --max-spec-bytes", () => {
  it("refuses a spec over the limit with exit 2 and writes nothing", async () => {
    const dir = removed(tempProject(minimal));
    const run = await toolgen(dir, "--max-spec-bytes", String(size - 1));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `the spec tools.yaml holds more than ${size - 1} bytes, the most toolgen reads (--max-spec-bytes)`,
    );
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("generates from a spec of exactly the limit", async () => {
    const dir = removed(tempProject(minimal));
    const run = await toolgen(dir, "--max-spec-bytes", String(size));
    expect(run.code, run.stderr).toBe(0);
  });

  it.each(["0", "-5", "1.5", "16MB", "", "99999999999999999999"])(
    "refuses %j as a byte count (exit 2)",
    async (value) => {
      const run = await toolgen(process.cwd(), `--max-spec-bytes=${value}`);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--max-spec-bytes '${value}' is not`);
    },
  );
});
