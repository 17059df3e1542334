import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGES } from "../../generator/breaking/index.js";
import { repoRoot } from "../helpers/project.js";

describe("the table of changes in docs/breaking-changes.md", () => {
  it("is the list of changes toolgen diff knows, row for row", () => {
    const page = fs.readFileSync(
      path.join(repoRoot, "docs/breaking-changes.md"),
      "utf8",
    );
    const start = page.indexOf("# The breaking-change gate\n");
    expect(start).toBe(0);
    const section = page.slice(start);
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
