import type {
  Field,
  JsonValue,
  Model,
  PathPart,
  Tool,
  ValueSource,
} from "../../model/types.js";
import { printJsonWithHeader } from "../../render/json.js";

/**
 * The client package's tools.json: what the hand-written runtime needs to know about
 * each tool (runtime/client/data.ts describes the shape). Spec text stays data here.
 */
export function clientData(model: Model): string {
  const env = model.targets.client.env;
  return printJsonWithHeader({
    env: {
      baseUrl: env.baseUrl,
      workspaceId: env.workspaceId,
      token: env.token,
      workspaces: env.workspaces,
    },
    tools: model.tools.map(toolData),
  });
}

function toolData(tool: Tool): JsonValue {
  const http = tool.http;
  return {
    name: tool.name,
    method: tool.camelName,
    section: tool.sectionId,
    short: tool.short,
    local: http === null,
    inputSchema: tool.input,
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

function pathPart(part: PathPart): JsonValue {
  return part.kind === "literal" ? { text: part.text } : source(part);
}

function field(f: Field): JsonValue {
  return { name: f.name, ...source(f.value) };
}

function source(v: ValueSource): { [key: string]: JsonValue } {
  switch (v.kind) {
    case "input":
      return { input: v.input };
    case "workspace":
      return { workspace: true };
    case "const":
      return { const: v.value };
  }
}
