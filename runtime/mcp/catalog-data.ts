/*
 * The prompts and resources of the MCP package's tools.json, as toolgen writes them from
 * tools.yaml (generator/emitters/mcp/catalog.ts) and the server reads them (catalog.ts).
 */

/** A prompt's argument as prompts/list lists it, with the values completion/complete offers. */
export interface PromptArgumentData {
  readonly name: string;
  readonly description?: string;
  readonly required?: boolean;
  /** The argument's values, offered by completion/complete; any text is still accepted. */
  readonly enum?: readonly string[];
}

/** Where a prompt's text comes from. */
export type PromptSource =
  /** The prompts package's text: the whole MCP prompt (section null) or one section's. */
  | { readonly docs: string | null }
  /** A text of tools.yaml whose `{{argument}}` placeholders take the arguments' values. */
  | { readonly template: string }
  /** The runtime's prompt handler of that name. */
  | { readonly runtime: true };

export interface PromptData {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly PromptArgumentData[];
  readonly from: PromptSource;
}

/** A resource as resources/list lists it; `text` when tools.yaml gives it, else the runtime reads it. */
export interface ResourceData {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly mimeType?: string;
  readonly description?: string;
  readonly text?: string;
}

/** A resource template as resources/templates/list lists it, read by the runtime. */
export interface ResourceTemplateData {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly mimeType?: string;
  readonly description?: string;
  /** The values completion/complete offers for a parameter, by parameter name. */
  readonly completions?: { readonly [parameter: string]: readonly string[] };
}

/** The catalog part of tools.json: each list in spec order (the docs' prompts first). */
export interface CatalogData {
  readonly prompts: readonly PromptData[];
  readonly resources: readonly ResourceData[];
  readonly resourceTemplates: readonly ResourceTemplateData[];
}
