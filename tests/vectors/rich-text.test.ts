import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkedResult, richText } from "../../runtime/shared/rich-text.js";
import {
  toolResult,
  type ToolResultInit,
} from "../../runtime/shared/tool-result.js";
import { repoRoot } from "../helpers/project.js";

// The shared rich-text vectors (tests/vectors/rich-text/*.json): a rich result as the targets
// that read only text see it; tests/python/test_rich_text_vectors.py replays them in Python.

interface Case {
  readonly name: string;
  readonly result: ToolResultInit;
  readonly text?: string;
  readonly error?: string;
}

const folder = path.join(repoRoot, "tests/vectors/rich-text");
const cases = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .flatMap(
    (f) =>
      (
        JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")) as {
          cases: Case[];
        }
      ).cases,
  );

describe("rich-text vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const answer = () => richText(checkedResult("show", toolResult(c.result)));
    if (c.error !== undefined) expect(answer).toThrow(c.error);
    else expect(answer()).toBe(c.text);
  });
});
