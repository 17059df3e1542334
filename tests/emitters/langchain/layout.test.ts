import path from "node:path";
import * as prettier from "prettier";
import { expect, it } from "vitest";
import { declarations } from "../../../generator/emitters/langchain/declarations.js";
import type { Model } from "../../../generator/model/types.js";
import { repoRoot } from "../../helpers/project.js";

/** Only what declarations() reads of the model. */
function model(
  sections: [id: string, tools: string[]][],
  client = "@acme/client",
): Model {
  return {
    targets: { client: { package: client } },
    sections: sections.map(([id, tools]) => ({
      id,
      tools: tools.map((name) => ({ name })),
    })),
  } as unknown as Model;
}

const name = (length: number, letter = "t") => letter.repeat(length);

// Each case sits at one of the three layouts of a section's union, or on a boundary between them.
it.each([
  ["no tools in a section", [["empty", []]]],
  ["one tool too long for the line", [["s", [name(90)]]]],
  ["a union that fits on the key's line", [["s", [name(30), name(30, "u")]]]],
  // `  ab: "…33…" | "…33…";` is 80 columns, one more name character makes 81.
  [
    "a union exactly as wide as the key's line allows",
    [["ab", [name(33), name(33, "u")]]],
  ],
  [
    "a union one character too long for the key's line",
    [["ab", [name(33), name(34, "u")]]],
  ],
  [
    "a union on its own indented line",
    [["long_section_id", [name(30), name(30, "u")]]],
  ],
  // `    "…34…" | "…34…";` is 80 columns on its own line.
  [
    "a union exactly as wide as its own line allows",
    [["s", [name(34), name(34, "u")]]],
  ],
  [
    "a union one character too wide for its own line",
    [["s", [name(34), name(35, "u")]]],
  ],
  [
    "a union broken one name a line",
    [["s", Array.from({ length: 12 }, (_, i) => `tool_${i}_${name(6)}`)]],
  ],
  [
    "a section id that needs quotes beside one that does not",
    [
      ["inter-agent", ["a", "b"]],
      ["memory", ["c"]],
    ],
  ],
  [
    "a quoted section id whose union only fits on its own line",
    [["inter-agent-communication", [name(30), name(30, "u")]]],
  ],
  [
    "a long client package name",
    [["s", ["a"]]],
    "@some-very-long-scope-name-for-a-company/platform-client-package-name",
  ],
] as const)(
  "index.d.ts is already in prettier's layout with %s",
  async (_, sections, client?: string) => {
    const text = declarations(
      model(
        sections.map(([id, tools]) => [id, [...tools]]),
        client,
      ),
    );
    const filepath = path.join(
      repoRoot,
      "generated",
      "langchain",
      "index.d.ts",
    );
    const config = await prettier.resolveConfig(filepath);
    expect(text).toBe(await prettier.format(text, { ...config, filepath }));
  },
);
