import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/project.js";

// The documentation's shape: README.md is the front door (what toolgen is, set-up, a first
// project, the commands, links), the reference lives in docs/, one page a topic, and
// ARCHITECTURE.md stays at the level of stages and folders. Every link between them resolves.

const read = (page: string) =>
  fs.readFileSync(path.join(repoRoot, page), "utf8");

/** A text's number of lines, as `wc -l` counts them. */
const lineCount = (text: string) => text.split("\n").length - 1;

/** Every Markdown page under docs/, as a path from the repository's root. */
const docsPages = (
  fs.readdirSync(path.join(repoRoot, "docs"), {
    recursive: true,
  }) as string[]
)
  .filter((f) => f.endsWith(".md"))
  .map((f) => path.posix.join("docs", f.split(path.sep).join("/")))
  .sort();
/** The README of each example project under examples/. */
const exampleReadmes = fs
  .readdirSync(path.join(repoRoot, "examples"))
  .map((name) => `examples/${name}/README.md`)
  .filter((page) => fs.existsSync(path.join(repoRoot, page)))
  .sort();
const pages = ["README.md", "ARCHITECTURE.md", ...docsPages, ...exampleReadmes];

/** A page's text without its fenced code blocks, where a link is only text. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```$/gm, "");

/** The anchors GitHub gives a page's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replaceAll(" ", "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    found.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return found;
}

/** The relative links of a page: [text](target), target without a scheme. */
function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z]+:/.test(t));
}

describe("the documentation", () => {
  it("has a README under 400 lines and an ARCHITECTURE.md under 150", () => {
    expect(lineCount(read("README.md"))).toBeLessThan(400);
    expect(lineCount(read("ARCHITECTURE.md"))).toBeLessThan(150);
  });

  it("opens the README with a table row for every target a spec can declare", () => {
    const schema = JSON.parse(read("tools.schema.json")) as {
      properties: { targets: { properties: Record<string, unknown> } };
    };
    const targets = Object.keys(schema.properties.targets.properties);
    expect(targets.length).toBeGreaterThanOrEqual(7);
    const readme = read("README.md");
    const table = readme.slice(0, readme.indexOf("\n## "));
    for (const target of targets)
      expect(table).toMatch(
        new RegExp(
          `^\\| \`generated/${target.replaceAll("_", "-")}\` \\|`,
          "m",
        ),
      );
  });

  it("links every example's README from the README", () => {
    expect(exampleReadmes.length).toBeGreaterThan(0);
    const linked = new Set(links(read("README.md")));
    for (const page of exampleReadmes) expect(linked, page).toContain(page);
  });

  it("links every page of docs/ from the README", () => {
    expect(docsPages.length).toBeGreaterThan(5);
    const linked = new Set(
      links(read("README.md")).map((l) => l.split("#")[0]),
    );
    for (const page of docsPages) expect(linked, page).toContain(page);
  });

  it.each(pages)(
    "%s: every relative link reaches a file and its anchor",
    (page) => {
      for (const link of links(read(page))) {
        const [file, anchor] = link.split("#");
        const target = file
          ? path.posix.join(path.posix.dirname(page), file)
          : page;
        expect(
          fs.existsSync(path.join(repoRoot, target)),
          `${page}: ${link}`,
        ).toBe(true);
        if (anchor)
          expect(anchors(read(target)), `${page}: ${link}`).toContain(anchor);
      }
    },
  );
});
