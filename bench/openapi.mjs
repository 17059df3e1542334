// The bench's synthetic spec as an OpenAPI 3.1 document, for the peer generator the bench compares
// toolgen with (openapi-mcp-generator reads OpenAPI, not tools.yaml). Deterministic: one operation
// per tool, in the spec's order, each carrying the tool's own input schemas.
//
// How a tool becomes an operation:
// - `operationId` is the tool's name, `summary` its short text, `description` its when_to_use;
// - an HTTP tool keeps its method and path, `{$workspace}` becoming a `workspace_id` path
//   parameter; its path, query and body inputs become path parameters, query parameters and a
//   JSON request body, under their wire names, with the same schemas;
// - inputs the binding does not send (a route input) become optional query parameters, so the
//   operation takes every input of the tool; constant and workspace headers are not inputs and
//   are left out;
// - a local tool (no HTTP binding) becomes `POST /local/<name>` with every input in the body;
// - two tools on the same method and path get the second one's name as one more path segment.
import { parse, stringify } from "yaml";

const WORKSPACE = "$workspace";

/** The OpenAPI document (as a value) for a tools.yaml spec (as a value). */
export function openApiDocument(spec) {
  const paths = {};
  for (const tool of spec.tools) {
    const { method, path, operation } = toolOperation(tool);
    let at = path;
    if (paths[at]?.[method]) at = `${path}/${tool.name}`;
    paths[at] ??= {};
    paths[at][method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "bench-platform",
      version: "1.0.0",
      description: `The bench's synthetic platform, ${spec.tools.length} tools.`,
    },
    servers: [{ url: "https://platform.example.com" }],
    paths,
  };
}

/** The OpenAPI document, as YAML text, for a tools.yaml spec's text. */
export function openApiYaml(specText) {
  const doc = openApiDocument(parse(specText));
  return `# The bench's synthetic spec as OpenAPI (bench/openapi.mjs).\n\n${stringify(doc, { lineWidth: 100, aliasDuplicateObjects: false })}`;
}

function toolOperation(tool) {
  const properties = tool.input?.properties ?? {};
  const required = new Set(tool.input?.required ?? []);
  const operation = {
    operationId: tool.name,
    summary: tool.short,
    description: tool.when_to_use,
  };
  if (!tool.http) {
    const body = bodySchema(
      Object.keys(properties).map((n) => [n, n]),
      properties,
      required,
    );
    if (body) operation.requestBody = body;
    return {
      method: "post",
      path: `/local/${tool.name}`,
      operation,
    };
  }
  const { http } = tool;
  const parameters = [];
  const sent = new Set();
  const path = http.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (name === WORKSPACE) {
      parameters.push({
        name: "workspace_id",
        in: "path",
        required: true,
        schema: { type: "string" },
      });
      return "{workspace_id}";
    }
    sent.add(name);
    parameters.push(parameter(name, name, "path", properties, true));
    return `{${name}}`;
  });
  for (const [wire, input] of pairs(http.query)) {
    sent.add(input);
    parameters.push(
      parameter(wire, input, "query", properties, required.has(input)),
    );
  }
  const bodyPairs = pairs(http.body).filter(([, input]) => input !== WORKSPACE);
  for (const [, input] of bodyPairs) sent.add(input);
  for (const input of Object.keys(properties))
    if (!sent.has(input))
      parameters.push(parameter(input, input, "query", properties, false));
  if (parameters.length) operation.parameters = parameters;
  const body = bodySchema(bodyPairs, properties, required);
  if (body) operation.requestBody = body;
  return { method: http.method.toLowerCase(), path, operation };
}

/** `[wire name, input name]` pairs of a binding's list or map of inputs. */
function pairs(binding) {
  if (!binding) return [];
  if (Array.isArray(binding)) return binding.map((n) => [n, n]);
  return Object.entries(binding);
}

function parameter(wire, input, where, properties, required) {
  const { description, ...schema } = properties[input];
  return {
    name: wire,
    in: where,
    required,
    ...(description ? { description } : {}),
    schema,
  };
}

function bodySchema(bodyPairs, properties, required) {
  if (bodyPairs.length === 0) return undefined;
  const schema = {
    type: "object",
    properties: Object.fromEntries(
      bodyPairs.map(([wire, input]) => [wire, properties[input]]),
    ),
  };
  const needed = bodyPairs
    .filter(([, input]) => required.has(input))
    .map(([wire]) => wire);
  if (needed.length) schema.required = needed;
  return {
    required: needed.length > 0,
    content: { "application/json": { schema } },
  };
}
