import { declared } from "../../model/targets.js";
import type { Model, Section } from "../../model/types.js";
import { boundDeclarations } from "../../render/bindings.js";
import { propertyKey, stringLiteral } from "../../render/literal.js";
import { printType, stringUnion } from "../../render/schema-types.js";

/**
 * index.d.ts: the typed surface of createTools (runtime/langchain/surface.ts, in the client
 * package's `runtime/langchain`) bound to this spec's types. Only the section table, the inputs
 * LangChain hides and the client package's name depend on the spec.
 */
export function declarations(model: Model): string {
  // Each package's table of the client types its surface binds: alike across targets on
  // purpose (one table per target, read by render/bindings.ts), each naming only what it uses.
  return boundDeclarations({
    client: declared(model, "client").package,
    kind: "langchain",
    imports: [
      "LocalHandlers",
      "LocalToolName",
      "PlatformClient",
      "ToolInputs",
      "ToolName",
    ],
    reexports: [],
    own: `/** Each section of tools.yaml with the names of its tools. */
export interface SectionTools {
${model.sections.map(sectionLine).join("")}}

export type SectionId = keyof SectionTools;

${langchainInputs(model)}`,
    spec: [
      ["toolName", "ToolName"],
      ["localToolName", "LocalToolName"],
      ["sections", "SectionTools"],
      ["inputs", hides(model) ? "LangchainInputs" : "ToolInputs"],
      ["handlers", "LocalHandlers"],
      ["client", "PlatformClient"],
    ],
    types: [
      [
        "SelectedTool<S extends SectionId, N extends ToolName>",
        "Surface.SelectedTool<Spec, S, N>",
      ],
      ["HandlersOption<T extends ToolName>", "Surface.HandlersOption<Spec, T>"],
      [
        "CreateToolsOptions<S extends SectionId = never, N extends ToolName = never>",
        "Surface.CreateToolsOptions<Spec, S, N>",
      ],
      [
        "PlatformTool<N extends ToolName = ToolName>",
        "Surface.PlatformTool<Spec, N>",
      ],
    ],
    values: ["createTools"],
  });
}

/** True when a tool's LangChain view hides an input. */
function hides(model: Model): boolean {
  return model.tools.some((t) => t.langchain.hidden.length > 0);
}

/**
 * Each tool's input as its LangChain tool takes it, without the inputs `langchain.hide` names;
 * nothing when no tool hides one (the client's ToolInputs are LangChain's then).
 */
function langchainInputs(model: Model): string {
  if (!hides(model)) return "";
  const member = (t: Model["tools"][number]) => {
    const full = `ToolInputs[${stringLiteral(t.name)}]`;
    const type =
      t.langchain.hidden.length === 0
        ? full
        : `Omit<${full}, ${t.langchain.hidden.map(stringLiteral).join(" | ")}>`;
    return `  ${propertyKey(t.name)}: ${type};\n`;
  };
  return `/** Each tool's input as its LangChain tool takes it: without the inputs tools.yaml's langchain.hide names. */
export interface LangchainInputs {
${model.tools.map(member).join("")}}

`;
}

/** A section's line: its key and the union of its tools' names, on one line. */
function sectionLine(section: Section): string {
  const names = section.tools.map((t) => t.name);
  return `  ${propertyKey(section.id)}: ${printType(stringUnion(names), 2)};\n`;
}
