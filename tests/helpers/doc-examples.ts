import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "./project.js";

/**
 * The runnable examples of the given documentation pages (paths from the repository's root):
 * each ```js block right after a `<!-- example: <name> -->` line, by name. Tests run them as
 * written, so an example that breaks fails a test.
 */
export function docExamples(...pages: string[]): Map<string, string> {
  const examples = new Map<string, string>();
  for (const page of pages) {
    const text = fs.readFileSync(path.join(repoRoot, page), "utf8");
    for (const m of text.matchAll(
      /^<!-- example: ([\w-]+) -->\n```js\n([\s\S]*?)^```$/gm,
    )) {
      if (examples.has(m[1]!))
        throw new Error(
          `two examples are named "${m[1]}" in ${pages.join(", ")}`,
        );
      examples.set(m[1]!, m[2]!);
    }
  }
  return examples;
}
