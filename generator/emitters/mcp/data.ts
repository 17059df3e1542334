import { oncePerModel } from "../../model/once.js";
import { declared } from "../../model/targets.js";
import type {
  McpData,
  ServerData,
  ToolHints,
  ToolListing,
} from "../../../runtime/mcp/data.js";
import type { Model, Tool } from "../../model/types.js";
import { catalogData } from "./catalog.js";

/**
 * The MCP package's tools.json, typed by the runtime's own declaration of it: how the server is
 * named, the tools' former names, titles and hints. The tools it lists (names, descriptions,
 * input and output schemas) come from the client package's tools.json, where each schema is
 * written once; its instructions come from the prompts package (see code.ts).
 */
export function mcpData(
  model: Model,
  server: ServerData = serverData(model),
): McpData {
  return { server, ...mcpTables(model) };
}

/** Everything but the server's own names: the same in every package that carries the MCP data. */
const mcpTables = oncePerModel((model) => ({
  renamed: Object.fromEntries(
    model.tools.flatMap((t) => t.renamedFrom.map((old) => [old, t.name])),
  ),
  listing: Object.fromEntries(
    model.tools.flatMap((t) => {
      const listing = toolListing(t);
      return Object.keys(listing).length === 0 ? [] : [[t.name, listing]];
    }),
  ),
  ...catalogData(model),
}));

/** How the MCP package's server names itself, and what it reads from the environment. */
function serverData(model: Model): ServerData {
  const mcp = declared(model, "mcp");
  return {
    name: mcp.serverName,
    version: mcp.publish.version,
    bin: mcp.bin,
    environment: { ...declared(model, "client").env },
    httpTokenEnv: mcp.httpTokenEnv,
  };
}

/**
 * A tool's title, MCP hints, execution, icons and _meta, each only where the spec declares or
 * derives it: the title top-level (MCP 2025-06-18) and the annotations' title (which clients of
 * MCP 2025-03-26 read) are each their own declaration, never copied into each other.
 */
/** Each known annotation's name in MCP, by its key in the model. */
const HINT: Readonly<Record<string, string>> = {
  title: "title",
  readOnly: "readOnlyHint",
  destructive: "destructiveHint",
  idempotent: "idempotentHint",
  openWorld: "openWorldHint",
};

function toolListing(t: Tool): ToolListing {
  const a = t.annotations;
  const { execution, icons, meta } = t.mcp;
  // In the model's order: the declared ones as the spec orders them, then those derived; another
  // annotation under its own name.
  const hints: ToolHints = Object.fromEntries(
    Object.entries(a).map(([key, value]) => [
      Object.hasOwn(HINT, key) ? HINT[key] : key,
      value,
    ]),
  );
  return {
    ...(t.title === null ? {} : { title: t.title }),
    ...(Object.keys(hints).length === 0 ? {} : { annotations: hints }),
    ...(execution === null ? {} : { execution }),
    ...(icons.length === 0 ? {} : { icons }),
    ...(meta === null ? {} : { meta }),
  };
}
