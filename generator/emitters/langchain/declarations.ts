import type { Model, Section } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { propertyKey, stringLiteral } from "../../render/literal.js";
import { printType, stringUnion } from "../../render/schema-types.js";

/**
 * index.d.ts: the typed surface of createTools. Only the section table depends on the spec;
 * everything else is fixed text.
 */
export function declarations(model: Model): string {
  const client = stringLiteral(model.targets.client.package);
  return `${codeHeader}import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { LocalHandlers, LocalToolName, PlatformClient, ToolInputs, ToolName } from ${client};

/** Each section of tools.yaml with the names of its tools. */
export interface SectionTools {
${model.sections.map(sectionLine).join("")}}

export type SectionId = keyof SectionTools;

/**
 * The tools a selection gives: every tool when neither \`sections\` nor \`names\`
 * is given, else the tools of those sections together with those names.
 */
export type SelectedTool<S extends SectionId, N extends ToolName> = [
  S | N,
] extends [never]
  ? ToolName
  : SectionTools[S] | N;

/** The handlers the selected local tools need; more may be passed. */
export type HandlersOption<T extends ToolName> = [
  Extract<T, LocalToolName>,
] extends [never]
  ? { readonly handlers?: Partial<LocalHandlers> }
  : {
      readonly handlers: Pick<LocalHandlers, Extract<T, LocalToolName>> &
        Partial<LocalHandlers>;
    };

export interface CreateToolsOptions<
  S extends SectionId = never,
  N extends ToolName = never,
> {
  /** Calls the platform for every tool that is not local. */
  readonly client: PlatformClient;
  /** Only the tools of these sections (and of \`names\`, when given too). */
  readonly sections?: readonly S[];
  /** Only these tools (and those of \`sections\`, when given too). */
  readonly names?: readonly N[];
  /** Appends each tool's when_to_use to its description. */
  readonly appendWhenToUse?: boolean;
  /**
   * Throws the client's errors (refusals, timeouts, unreachable platform) and the
   * local handlers' instead of answering the model with a readable error result.
   */
  readonly throwOnError?: boolean;
}

/**
 * A spec tool as a LangChain tool: \`invoke(args)\` answers a string (JSON for
 * structured answers), \`invoke(toolCall)\` a ToolMessage.
 */
export type PlatformTool<N extends ToolName = ToolName> = DynamicStructuredTool<
  Record<string, unknown>,
  ToolInputs[N],
  ToolInputs[N],
  string,
  unknown,
  N
>;

/**
 * One LangChain tool per selected spec tool, in spec order. Input is validated
 * against the tool's JSON Schema; unknown sections or names throw, and so does a
 * selection of nothing (\`sections: []\` alone).
 */
export declare function createTools<
  const S extends SectionId = never,
  const N extends ToolName = never,
>(
  options: CreateToolsOptions<S, N> & HandlersOption<SelectedTool<S, N>>,
): PlatformTool<SelectedTool<NoInfer<S>, NoInfer<N>>>[];
`;
}

/** A section's line: its key and the union of its tools' names, on one line. */
function sectionLine(section: Section): string {
  const names = section.tools.map((t) => t.name);
  return `  ${propertyKey(section.id)}: ${printType(stringUnion(names), 2)};\n`;
}
