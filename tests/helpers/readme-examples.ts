import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "./project.js";

/**
 * The README's runnable examples: each ```js block right after a `<!-- example: <name> -->`
 * line, by name. Tests run them as written, so a README example that breaks fails a test.
 */
export function readmeExamples(): Map<string, string> {
  const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
  return new Map(
    [
      ...readme.matchAll(
        /^<!-- example: ([\w-]+) -->\n```js\n([\s\S]*?)^```$/gm,
      ),
    ].map((m) => [m[1]!, m[2]!]),
  );
}
