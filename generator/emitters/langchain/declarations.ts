import { declared } from "../../model/targets.js";
import type { Model, Section } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { propertyKey, stringLiteral } from "../../render/literal.js";
import { printType, stringUnion } from "../../render/schema-types.js";

/**
 * index.d.ts: the typed surface of createTools (runtime/langchain/surface.ts, copied into the
 * package) bound to this spec's types. Only the section table and the client package's name
 * depend on the spec.
 */
export function declarations(model: Model): string {
  const client = stringLiteral(declared(model, "client").package);
  return `${codeHeader}import type { LocalHandlers, LocalToolName, PlatformClient, ToolInputs, ToolName } from ${client};
import type * as Surface from "./runtime/surface.js";

/** Each section of tools.yaml with the names of its tools. */
export interface SectionTools {
${model.sections.map(sectionLine).join("")}}

export type SectionId = keyof SectionTools;

${langchainInputs(model)}/** This spec's types, as the surface takes them. */
interface Spec {
  readonly toolName: ToolName;
  readonly localToolName: LocalToolName;
  readonly sections: SectionTools;
  readonly inputs: ${hides(model) ? "LangchainInputs" : "ToolInputs"};
  readonly handlers: LocalHandlers;
  readonly client: PlatformClient;
}

export type SelectedTool<S extends SectionId, N extends ToolName> = Surface.SelectedTool<Spec, S, N>;

export type HandlersOption<T extends ToolName> = Surface.HandlersOption<Spec, T>;

export type CreateToolsOptions<S extends SectionId = never, N extends ToolName = never> = Surface.CreateToolsOptions<Spec, S, N>;

export type PlatformTool<N extends ToolName = ToolName> = Surface.PlatformTool<Spec, N>;

/**
 * One LangChain tool per selected spec tool, in spec order. Input is validated
 * against the tool's JSON Schema; unknown sections or names throw, and so does a
 * selection of nothing (\`sections: []\` alone).
 */
export declare function createTools<const S extends SectionId = never, const N extends ToolName = never>(options: CreateToolsOptions<S, N> & HandlersOption<SelectedTool<S, N>>): PlatformTool<SelectedTool<NoInfer<S>, NoInfer<N>>>[];

export {};
`;
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
