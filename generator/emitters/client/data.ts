import { oncePerModel } from "../../model/once.js";
import { declared } from "../../model/targets.js";
import type * as Data from "../../../runtime/client/data.js";
import type {
  Field,
  Model,
  PathPart,
  Tool,
  ValueSource,
} from "../../model/types.js";

/**
 * The client package's tools.json: what the hand-written runtime needs to know about each tool,
 * typed by the runtime's own declaration of the file. Spec text stays data here. The MCP,
 * LangChain and CLI packages read the tools and their input schemas from here too.
 */
export function clientData(
  model: Model,
  env: Data.EnvNames = declared(model, "client").env,
): Data.ClientData {
  return { env, tools: clientTools(model) };
}

/** Each tool's entry: the same in every package that carries the client's data. */
const clientTools = oncePerModel((model) =>
  model.tools.map((t) => toolData(model, t)),
);

function toolData(model: Model, tool: Tool): Data.ToolData {
  const http = tool.http;
  const own = views(model, tool);
  return {
    name: tool.name,
    method: tool.camelName,
    section: tool.sectionId,
    short: tool.short,
    local: http === null,
    inputSchema: tool.input,
    outputSchema: tool.output,
    idempotent:
      tool.annotations.idempotent ?? tool.annotations.readOnly ?? false,
    http:
      http === null
        ? null
        : {
            method: http.method,
            path: http.path.map(pathPart),
            route: http.route,
            query: http.query.map(field),
            body:
              http.body === null || !Array.isArray(http.body)
                ? (http.body as { readonly input: string } | null)
                : http.body.map(field),
            headers: http.headers.map(field),
            ...(http.idempotencyKey === null
              ? {}
              : { idempotencyKey: http.idempotencyKey }),
          },
    ...(own === null ? {} : { views: own }),
  };
}

/**
 * The views the spec gives the declared consumers of a tool, each with only what differs from
 * the tool's own short and inputs; null when none differs (the file then says nothing of views).
 * This resolves nothing: it writes down the model's resolved views so that the client's
 * resolveViews (runtime/shared/views.ts) gives them back when it is bound.
 */
function views(model: Model, tool: Tool): Data.ToolData["views"] | null {
  const out: { [target: string]: Data.ViewData } = {};
  const add = (
    target: Data.ViewTarget,
    view: { readonly description: string; readonly hidden: readonly string[] },
  ) => {
    const data: { description?: string; hide?: readonly string[] } = {};
    if (view.description !== tool.short) data.description = view.description;
    if (view.hidden.length > 0) data.hide = view.hidden;
    if (Object.keys(data).length > 0) out[target] = data;
  };
  // The Python package serves MCP and LangChain too.
  const python = model.targets.python !== null;
  if (model.targets.mcp !== null || python) add("mcp", tool.mcp);
  if (model.targets.langchain !== null || python)
    add("langchain", tool.langchain);
  if (model.targets.ai_sdk !== null) add("aiSdk", tool.aiSdk);
  if (model.targets.function_calling !== null || python)
    add("functionCalling", tool.functionCalling);
  if (tool.cli) add("cli", tool.cli);
  return Object.keys(out).length > 0 ? out : null;
}

function pathPart(part: PathPart): Data.PathPart {
  return part.kind === "literal" ? { text: part.text } : source(part);
}

function field(f: Field): Data.Field {
  return { name: f.name, ...source(f.value) };
}

function source(v: ValueSource): Data.ValueSource {
  switch (v.kind) {
    case "input":
      return { input: v.input };
    case "workspace":
      return { workspace: true };
    case "const":
      return { const: v.value };
  }
}
