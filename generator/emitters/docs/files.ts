import { codeHeader, markdownHeader } from "../../render/header.js";
import {
  docComment,
  propertyKey,
  stringLiteral,
} from "../../render/literal.js";
import type { GeneratedFile } from "../types.js";
import { everyText } from "../../prompt-docs/render.js";
import type { DocTexts } from "../../prompt-docs/types.js";

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
 * text) and an index.js that exports the same texts as string constants, read from those
 * files without the header: a header inside an injected prompt is noise to the model.
 */
export function docsFiles(texts: DocTexts): GeneratedFile[] {
  return [
    ...everyText(texts).map((r) => ({
      path: `docs/${r.path}`,
      content: markdownHeader + r.text,
    })),
    { path: "docs/index.js", content: indexJs(texts) },
    { path: "docs/index.d.ts", content: indexDts(texts) },
  ];
}

/**
 * The package's index.js reads each text from its Markdown file when it is loaded, so that
 * every text is written once under generated/ (the files are the package's contract too).
 */
function indexJs(texts: DocTexts): string {
  const constants = CONSTANTS.map(
    ([name, group, runtime]) =>
      `export const ${name} = text(${stringLiteral(texts[group][runtime].path)});\n`,
  );
  const entries = texts.sections.map(
    (s) =>
      `  ${propertyKey(s.section.id)}: {\n` +
      `    mcp: text(${stringLiteral(s.mcp.path)}),\n` +
      `    cli: ${s.cli ? `text(${stringLiteral(s.cli.path)})` : "null"},\n` +
      `  },\n`,
  );
  return (
    `${codeHeader}import { readFileSync } from "node:fs";\n\n` +
    `/** A text of this package: its Markdown file less the generated-file header (the first line). */\n` +
    `function text(file) {\n` +
    `  const content = readFileSync(new URL(file, import.meta.url), "utf8");\n` +
    `  return content.slice(content.indexOf("\\n") + 1);\n` +
    `}\n\n` +
    `${constants.join("\n")}\nexport const sections = {\n${entries.join("")}};\n`
  );
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
