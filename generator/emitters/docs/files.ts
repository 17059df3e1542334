import { codeHeader, markdownHeader } from "../../render/header.js";
import {
  docComment,
  propertyKey,
  stringLiteral,
} from "../../render/literal.js";
import type { GeneratedFile } from "../types.js";
import type { DocTexts, Rendered } from "./render.js";

/** The top-level constants, in the order the package lists them, with what each holds. */
const CONSTANTS = [
  [
    "mcpPrompt",
    "prompt",
    "mcp",
    "The whole prompt for runtimes that call the tools through MCP: the capabilities preamble, then every section.",
  ],
  [
    "cliPrompt",
    "prompt",
    "cli",
    "The whole prompt for runtimes that drive the platform through the CLI: a section on the CLI as its command block, any other in full.",
  ],
  [
    "mcpCapabilities",
    "capabilities",
    "mcp",
    "The capabilities preamble: every tool by name with its one-line description.",
  ],
  [
    "cliCapabilities",
    "capabilities",
    "cli",
    "The capabilities preamble for CLI runtimes: the tools of a CLI section by their command lines.",
  ],
] as const;

/**
 * The Markdown files (each with the generated-file header as its first line, then the
 * text) and the same texts as string constants, which carry no header: a header inside
 * an injected prompt is noise to the model.
 */
export function docsFiles(texts: DocTexts): GeneratedFile[] {
  const all: Rendered[] = [
    texts.prompt.mcp,
    texts.prompt.cli,
    texts.capabilities.mcp,
    texts.capabilities.cli,
    ...texts.sections.flatMap((s) => (s.cli ? [s.mcp, s.cli] : [s.mcp])),
  ];
  return [
    ...all.map((r) => ({
      path: `docs/${r.path}`,
      content: markdownHeader + r.text,
    })),
    { path: "docs/index.js", content: indexJs(texts) },
    { path: "docs/index.d.ts", content: indexDts(texts) },
  ];
}

function indexJs(texts: DocTexts): string {
  const constants = CONSTANTS.map(([name, group, runtime]) =>
    constant(name, texts[group][runtime].text),
  );
  const entries = texts.sections.map(
    (s) =>
      `  ${propertyKey(s.section.id)}: {\n` +
      `    mcp: ${stringLiteral(s.mcp.text)},\n` +
      `    cli: ${s.cli ? stringLiteral(s.cli.text) : "null"},\n` +
      `  },\n`,
  );
  return `${codeHeader}\n${constants.join("\n")}\nexport const sections = {\n${entries.join("")}};\n`;
}

/** `export const name = "…";`, on one line however long the text. */
function constant(name: string, text: string): string {
  return `export const ${name} = ${stringLiteral(text)};\n`;
}

function indexDts(texts: DocTexts): string {
  const constants = CONSTANTS.map(
    ([name, , , doc]) =>
      `${docComment(doc, "")}export declare const ${name}: string;\n`,
  );
  const entries = texts.sections.map(
    (s) =>
      docComment(s.section.heading, "  ") +
      `  readonly ${propertyKey(s.section.id)}: {\n` +
      `    readonly mcp: string;\n` +
      `    readonly cli: ${s.cli ? "string" : "null"};\n` +
      `  };\n`,
  );
  const doc = docComment(
    "Each section's text by section id: `mcp` the full text (also what an MCP runtime reads), `cli` its CLI command block, null when the section is not on the CLI.",
    "",
  );
  return `${codeHeader}\n${constants.join("\n")}\n${doc}export declare const sections: {\n${entries.join("")}};\n`;
}
