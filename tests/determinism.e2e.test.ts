import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isMap, isSeq, parseDocument, type Node } from "yaml";
import { specInput } from "../generator/index.js";
import {
  readFixture,
  repoRoot,
  snapshotDir,
  tempProject,
  toolgen,
} from "./helpers/project.js";
import { generateFromDisk } from "./helpers/generate.js";

const reference = fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8");

describe("generation is deterministic", () => {
  it("gives the same bytes run after run", async () => {
    const dir = tempProject(reference);
    expect((await toolgen(dir)).code).toBe(0);
    const first = snapshotDir(path.join(dir, "generated"));
    fs.rmSync(path.join(dir, "generated"), { recursive: true });
    expect((await toolgen(dir)).code).toBe(0);
    expect(snapshotDir(path.join(dir, "generated"))).toEqual(first);
  });

  it("gives the same bytes from any working directory", () => {
    const a = tempProject(reference);
    const b = tempProject(reference);
    const bin = path.join(repoRoot, "bin/toolgen.mjs");
    execFileSync(process.execPath, [bin], { cwd: a });
    execFileSync(
      process.execPath,
      [bin, "--spec", path.join(b, "tools.yaml")],
      { cwd: os.tmpdir() },
    );
    const fromA = snapshotDir(path.join(a, "generated"));
    expect(snapshotDir(path.join(b, "generated"))).toEqual(fromA);
    // Nothing machine-specific leaks in: no absolute paths, no CR, no timestamps.
    for (const [file, content] of Object.entries(fromA)) {
      expect(content, file).not.toContain(a);
      expect(content, file).not.toContain("\r");
      expect(content, file).not.toMatch(/20\d\d-\d\d-\d\dT\d\d:/);
    }
  });

  it("does not depend on the order of keys in the spec's mappings", () => {
    const shuffled = shuffleKeys(reference);
    expect(shuffled).not.toBe(reference);
    const dir = os.tmpdir();
    const a = generateFromDisk(specInput("tools.yaml", reference, dir)).files;
    const b = generateFromDisk(specInput("tools.yaml", shuffled, dir)).files;
    expect(b).toEqual(a);
  });

  it("reads CRLF and LF specs alike", () => {
    const dir = os.tmpdir();
    const a = generateFromDisk(specInput("tools.yaml", reference, dir)).files;
    const b = generateFromDisk(
      specInput("tools.yaml", reference.replace(/\n/g, "\r\n"), dir),
    ).files;
    expect(b).toEqual(a);
  });

  it("the committed generated/ is what tools.yaml produces", async () => {
    const result = await toolgen(repoRoot, "--check");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });
});

/**
 * Reverses the key order of every mapping whose order carries no meaning: the top level,
 * targets, sections, tools and bindings. Input schemas and request fields keep theirs,
 * since the spec's order of properties and fields is reproduced in the output.
 */
function shuffleKeys(text: string): string {
  const doc = parseDocument(text);
  const keep = new Set(["input", "body", "query", "headers", "env"]);
  const visit = (node: Node | null | undefined, key?: string) => {
    if (key !== undefined && keep.has(key)) return;
    if (isMap(node)) {
      node.items.reverse();
      for (const pair of node.items)
        visit(
          pair.value as Node,
          String((pair.key as { value?: unknown })?.value),
        );
    } else if (isSeq(node)) for (const item of node.items) visit(item as Node);
  };
  visit(doc.contents as Node);
  return doc.toString();
}
