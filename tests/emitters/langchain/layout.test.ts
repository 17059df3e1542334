import { expect, it } from "vitest";
import { declarations } from "../../../generator/emitters/langchain/declarations.js";
import type { Model } from "../../../generator/model/types.js";
import { layoutProblems } from "../../helpers/layout.js";

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
    // No tool's LangChain view hides an input: the client's ToolInputs are LangChain's.
    tools: sections.flatMap(([, tools]) =>
      tools.map((name) => ({ name, langchain: { hidden: [] } })),
    ),
  } as unknown as Model;
}

const name = (length: number, letter = "t") => letter.repeat(length);
const many = Array.from({ length: 12 }, (_, i) => `tool_${i}_${name(6)}`);

// SectionTools holds one line per section, its union of names on that line however long.
it.each([
  ["no tools in a section", [["empty", []]], ["  empty: never;"]],
  ["one tool", [["s", [name(90)]]], [`  s: "${name(90)}";`]],
  [
    "two tools",
    [["ab", [name(33), name(34, "u")]]],
    [`  ab: "${name(33)}" | "${name(34, "u")}";`],
  ],
  [
    "many tools",
    [["s", many]],
    [`  s: ${many.map((n) => `"${n}"`).join(" | ")};`],
  ],
  [
    "a section id that needs quotes beside one that does not",
    [
      ["inter-agent", ["a", "b"]],
      ["memory", ["c"]],
    ],
    ['  "inter-agent": "a" | "b";', '  memory: "c";'],
  ],
  [
    "a long client package name",
    [["s", ["a"]]],
    ['  s: "a";'],
    "@some-very-long-scope-name-for-a-company/platform-client-package-name",
  ],
] as const)(
  "index.d.ts keeps the fixed layout and parses with %s",
  (_, sections, lines, client?: string) => {
    const text = declarations(
      model(
        sections.map(([id, tools]) => [id, [...tools]]),
        client,
      ),
    );
    expect(text).toContain(
      `export interface SectionTools {\n${lines.join("\n")}\n}\n`,
    );
    expect(text).toContain(`} from "${client ?? "@acme/client"}";\n`);
    expect(layoutProblems({ path: "index.d.ts", content: text })).toEqual([]);
  },
);
