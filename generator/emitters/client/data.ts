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
export function clientData(model: Model): Data.ClientData {
  const env = declared(model, "client").env;
  return {
    env: {
      baseUrl: env.baseUrl,
      workspaceId: env.workspaceId,
      token: env.token,
      workspaces: env.workspaces,
    },
    tools: model.tools.map(toolData),
  };
}

function toolData(tool: Tool): Data.ToolData {
  const http = tool.http;
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
            body: http.body === null ? null : http.body.map(field),
            headers: http.headers.map(field),
          },
  };
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
