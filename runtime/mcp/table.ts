import fs from "node:fs";
import type { Tool } from "./mcp-types.js";
import type { ToolInfo } from "../shared/data.js";
import { deepFreeze } from "../shared/freeze.js";
import { viewSchema } from "../shared/views.js";
import type { McpData, ServerData, ToolListing } from "./data.js";
import type { Sdks } from "./sdk.js";
import { loadCatalog, type Catalog, type DocsTexts } from "./catalog.js";

/** The server as the spec names it, with the instructions the bin sends. */
export interface ServerInfo extends ServerData {
  /** The server's instructions (the prompts package's `mcpPrompt`), or null: none. */
  readonly instructions: string | null;
}

/** Error messages for `input` against the named tool's schema; empty when it is valid. */
export type Validate = (name: string, input: unknown) => string[];

/** The input with the named tool's schema defaults filled in (the client package's withDefaults). */
export type WithDefaults = (
  name: string,
  input: { readonly [key: string]: unknown },
) => { readonly [key: string]: unknown };

/** What the server wiring needs: the table, how to check arguments and how to complete them before dispatch. */
export interface ToolTable {
  readonly server: ServerInfo;
  /** Every tool as MCP lists it, in spec order. */
  readonly tools: readonly Tool[];
  /** The tools answered by the consumer's handlers instead of the platform. */
  readonly local: readonly string[];
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
  /** A tool → the inputs MCP never offers nor sends (only tools that hide some). */
  readonly hidden?: Readonly<Record<string, readonly string[]>>;
  readonly validate: Validate;
  /** Error messages for a result against the named tool's output schema (the client package's validateOutput). */
  readonly validateOutput: Validate;
  /** The tools with an output schema, whose results are checked and sent as structuredContent. */
  readonly structured: ReadonlySet<string>;
  readonly withDefaults: WithDefaults;
  /** The MCP SDK lines installed beside the package (importSdks). */
  readonly sdks: Sdks;
  /** The prompts and resources tools.yaml declares, the docs' prompts first; none when absent. */
  readonly catalog?: Catalog;
}

/** What the generated code passes loadToolTable besides its tools.json. */
export interface TableParts {
  /** The client package's `tools`. */
  readonly tools: readonly ToolInfo[];
  /** The client package's validateInput. */
  readonly validate: Validate;
  readonly withDefaults: WithDefaults;
  readonly validateOutput: Validate;
  readonly sdks: Sdks;
  /** The prompts package's `mcpPrompt`, or null: the server sends no instructions. */
  readonly instructions: string | null;
  /** The prompts package's texts the docs' prompts serve, or null: the spec has no docs target. */
  readonly docs?: DocsTexts | null;
}

/**
 * Reads tools.json beside the generated index.js and lists the client package's `tools` as MCP
 * lists them (name, title, icons, description, input schema, annotations, execution, _meta,
 * output schema, in that order; each optional one only when the spec gives or derives it). Read rather than imported: Node 20
 * prints an ExperimentalWarning for JSON modules, and a stdio server's stderr is shown to users.
 */
export function loadToolTable(url: URL, parts: TableParts): ToolTable {
  const { tools, validate, withDefaults, validateOutput, sdks } = parts;
  const data = JSON.parse(fs.readFileSync(url, "utf8")) as McpData;
  // Frozen so that a consumer who edits the exported table cannot change what the server lists.
  return {
    server: deepFreeze({ ...data.server, instructions: parts.instructions }),
    tools: deepFreeze(tools.map((t) => mcpTool(t, data.listing[t.name]))),
    hidden: deepFreeze(
      Object.fromEntries(
        tools.flatMap((t) => {
          const { hidden } = t.views.mcp;
          return hidden.length > 0 ? [[t.name, hidden]] : [];
        }),
      ),
    ),
    local: deepFreeze(tools.filter((t) => t.local).map((t) => t.name)),
    renamed: deepFreeze(data.renamed),
    validate,
    validateOutput,
    structured: new Set(
      tools.filter((t) => t.outputSchema !== null).map((t) => t.name),
    ),
    withDefaults,
    sdks,
    catalog: loadCatalog(data, parts.docs ?? null),
  };
}

/**
 * One tool as tools/list gives it, its keys in the order the MCP SDK's own server lists them
 * (name, title, description, inputSchema, annotations, execution, _meta, outputSchema), icons
 * beside the title, so that a server moved onto toolgen lists its tools byte for byte as before.
 */
function mcpTool(t: ToolInfo, listing: ToolListing | undefined): Tool {
  const view = t.views.mcp;
  return {
    name: t.name,
    ...(listing?.title === undefined ? {} : { title: listing.title }),
    ...(listing?.icons === undefined
      ? {}
      : { icons: listing.icons as Tool["icons"] }),
    description: view.description,
    inputSchema: viewSchema(t.inputSchema, view.hidden) as Tool["inputSchema"],
    ...(listing?.annotations === undefined
      ? {}
      : { annotations: listing.annotations }),
    ...(listing?.execution === undefined
      ? {}
      : { execution: listing.execution }),
    ...(listing?.meta === undefined ? {} : { _meta: listing.meta }),
    ...(t.outputSchema === null
      ? {}
      : { outputSchema: t.outputSchema as Tool["outputSchema"] }),
  };
}
