import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGES } from "../../generator/breaking/index.js";
import { repoRoot } from "../helpers/project.js";

describe("the README's table of changes", () => {
  it("is generator/breaking/changes.ts, row for row", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const start = readme.indexOf("\n## The breaking-change gate\n");
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const rows = [
      ...section.matchAll(
        /^\| `([a-z-]+)` \| (breaking|compatible) \| (.+) \|$/gm,
      ),
    ].map(([, name, cls, meaning]) => [
      name,
      [cls, meaning!.replaceAll("\\|", "|")],
    ]);
    expect(rows).toEqual(Object.entries(CHANGES));
  });
});
