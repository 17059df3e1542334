import { declared } from "../../model/targets.js";
import {
  credentialVariables,
  hasWorkspaces,
} from "../../../runtime/shared/data.js";
import type { Model, Tool } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { docComment, propertyKey } from "../../render/literal.js";
import { resultDeclaration, resultType } from "../../render/result-types.js";
import {
  schemaDeclaration,
  stringUnion,
  typeDeclaration,
} from "../../render/schema-types.js";

/**
 * index.d.ts: the typed layer over the runtime. One `<Pascal>Input` per tool (and one
 * `<Pascal>Output` per tool with `output`), the name unions, a client with one method per HTTP
 * tool, and the handlers local tools need, each returning its tool's result type.
 */
export function indexDts(model: Model): string {
  const http = model.tools.filter((t) => t.http !== null);
  const local = model.tools.filter((t) => t.http === null);
  const config = configType(model);
  const api = config.type !== "ClientConfig";
  const parts = [
    `${codeHeader}import type { ${api ? "ApiClientConfig, CallOptions" : "CallOptions, ClientConfig"}, Env, HandlerServices, PlatformRequest, ToolInfo, ToolResult } from "./runtime/client.js";\n\nexport { ClientError, ConfigError, InputError, NetworkError, OutcomeUnknownError, PlatformError, TimeoutError, UnknownWorkspaceError, audioContent, embeddedResource, imageContent, isToolResult, printable, resourceLink, textContent, toolResult } from "./runtime/client.js";\nexport type { ${api ? "ApiClientConfig, " : ""}AudioContent, CallOptions, ClientConfig, ClientHooks, Content, ContentAnnotations, ${api ? "Credential, " : ""}ElicitField, ElicitResult, ElicitSchema, EmbeddedResource, Env, HandlerServices, ImageContent, LogLevel, PlatformRequest, RequestInfo, ResourceContents, ResourceLink, ResponseInfo, RetryOptions, TextContent, SampleRequest, SampleResult, SamplingContent, ToolInfo, ToolResult, ToolResultInit, WorkspaceCredentials } from "./runtime/client.js";\n`,
    ...model.tools.map((t) =>
      schemaDeclaration(
        inputType(t),
        t.input,
        `Input of ${t.name}: ${t.short}`,
      ),
    ),
    ...model.tools.flatMap((t) => resultDeclaration(t) ?? []),
    typeDeclaration(
      "ToolName",
      stringUnion(model.tools.map((t) => t.name)),
      "Every tool of the spec, by its name.",
    ),
    typeDeclaration(
      "HttpToolName",
      stringUnion(http.map((t) => t.name)),
      "The tools called over the platform's HTTP API: one client method each.",
    ),
    typeDeclaration(
      "LocalToolName",
      stringUnion(local.map((t) => t.name)),
      "The tools the agent's runtime handles itself: one handler each.",
    ),
    block(
      "ToolInputs",
      "Each tool's input type, by tool name.",
      model.tools.map((t) => `  ${propertyKey(t.name)}: ${inputType(t)};\n`),
    ),
    block(
      "ToolOutputs",
      "Each tool's result type, by tool name: its output type, or unknown for a tool without output.",
      model.tools.map((t) => `  ${propertyKey(t.name)}: ${resultType(t)};\n`),
    ),
    block(
      "PlatformClient",
      "A client of the platform, made by createClient or createClientFromEnv.",
      [
        ...http.map(
          (t) =>
            docComment(methodDoc(t), "  ") +
            signature(
              `  ${t.camelName}`,
              [
                `input${t.required.length ? "" : "?"}: ${inputType(t)}`,
                "options?: CallOptions",
              ],
              `Promise<${resultType(t)}>`,
            ),
        ),
        docComment("Calls an HTTP-bound tool by its spec name.", "  ") +
          signature(
            "  $call<N extends HttpToolName>",
            ["name: N", "input: ToolInputs[N]", "options?: CallOptions"],
            "Promise<ToolOutputs[N]>",
          ),
        docComment(
          "Calls a platform endpoint that no tool declares (for local handlers), routed and authorised like a tool call.",
          "  ",
        ) +
          signature(
            "  $request",
            ["request: PlatformRequest", "options?: CallOptions"],
            "Promise<unknown>",
          ),
        docComment("The configured workspace ids, the primary first.", "  ") +
          "  readonly $workspaces: readonly string[];\n",
        docComment("The workspace a call goes to when it names none.", "  ") +
          "  readonly $primary: string;\n",
      ],
    ),
    block(
      "HandlerContext extends HandlerServices",
      "What a local tool's handler receives besides its input; progress, log, elicit and sample reach the MCP client (elsewhere they do nothing or fail).",
      [
        docComment(
          "The client to call the platform with, routed and authorised per workspace.",
          "  ",
        ) + "  readonly client: PlatformClient;\n",
        docComment(
          "Aborted when the caller gives up on the call (an MCP cancellation, a CLI interrupt).",
          "  ",
        ) + "  readonly signal?: AbortSignal;\n",
      ],
    ),
    block(
      "LocalHandlers",
      "One handler per local tool; leaving one out is a type error wherever handlers are passed.",
      local.map(
        (t) =>
          docComment(t.short, "  ") +
          arrowMember(
            `  ${propertyKey(t.name)}`,
            [`input: ${inputType(t)}`, "ctx: HandlerContext"],
            `Promise<${handlerResultType(t)}>`,
          ),
      ),
    ),
    `${docComment("Every tool's name, section, short description, input and output schemas and whether it is local.", "")}export declare const tools: readonly (ToolInfo & { readonly name: ToolName })[];\n`,
    `${docComment("Checks an input against its tool's schema: one readable message per problem, [] when valid.", "")}${signature("export declare function validateInput", ["name: ToolName", "input: unknown"], "string[]")}`,
    `${docComment("Checks a tool's result against its output schema: one message per problem, each starting with the JSON pointer where the value does not fit; [] when it fits or the tool has no output schema.", "")}${signature("export declare function validateOutput", ["name: ToolName", "value: unknown"], "string[]")}`,
    `${docComment("The input as every target passes it on: its tool's top-level schema defaults filled in.", "")}${signature("export declare function withDefaults<N extends ToolName>", ["name: N", "input: ToolInputs[N]"], "ToolInputs[N]")}`,
    `${docComment(config.doc, "")}${signature("export declare function createClient", [`config: ${config.type}`], "PlatformClient")}`,
    `${docComment(envDoc(model), "")}${signature("export declare function createClientFromEnv", ["env?: Env"], "PlatformClient")}`,
  ];
  return parts.join("\n");
}

/** A handler's result: its tool's result type, or a rich result (toolResult) carrying it as structuredContent. */
function handlerResultType(t: Tool): string {
  const type = resultType(t);
  return type === "unknown" ? type : `${type} | ToolResult<${type}>`;
}

function inputType(t: Tool): string {
  return `${t.pascalName}Input`;
}

function methodDoc(t: Tool): string {
  return `${t.short}\n\n\`${t.http!.method} ${t.http!.pathTemplate}\``;
}

function envDoc(model: Model): string {
  const e = declared(model, "client").env;
  if (!hasWorkspaces(e))
    return `A client configured from the environment (process.env when not given): ${e.baseUrl}${e.defaultBaseUrl === undefined ? "" : " (else the spec's base_url)"}${
      e.auth === undefined
        ? ""
        : `, and the credential from ${credentialVariables(e.auth)
            .map(([name]) => name)
            .join(" and ")}${e.auth.optional === true ? " when set" : ""}`
    }.`;
  return `A client configured from the environment (process.env when not given): ${e.baseUrl}, and either ${e.workspaceId} with ${e.token} or ${e.workspaces} as a JSON array of {"id", "token"}.`;
}

/**
 * createClient's parameter: a platform's ClientConfig (workspaces), or an API's, typed with
 * the one credential its spec declares and a base URL that may be left out when the spec has one.
 */
function configType(model: Model): { type: string; doc: string } {
  const e = declared(model, "client").env;
  if (hasWorkspaces(e))
    return {
      type: "ClientConfig",
      doc: "A client for the given base URL and workspaces (the first is the primary).",
    };
  const credential =
    e.auth === undefined
      ? "never"
      : "bearer" in e.auth
        ? "{ readonly bearer: string }"
        : "apiKey" in e.auth
          ? "{ readonly apiKey: string }"
          : "{ readonly basic: { readonly username: string; readonly password: string } }";
  const required =
    e.auth !== undefined && e.auth.optional !== true
      ? " & { readonly auth: " + credential + " }"
      : "";
  const base =
    e.defaultBaseUrl === undefined
      ? " & { readonly baseUrl: string | URL }"
      : "";
  return {
    type: `ApiClientConfig<${credential}>${required}${base}`,
    doc: "A client for the API at the given base URL (else the spec's), with its credential.",
  };
}

function block(name: string, doc: string, members: readonly string[]): string {
  if (members.length === 0)
    return `${docComment(doc, "")}export interface ${name} {}\n`;
  return `${docComment(doc, "")}export interface ${name} {\n${members.join("")}}\n`;
}

/** `head(a, b): ret;` on one line. */
function signature(
  head: string,
  params: readonly string[],
  ret: string,
): string {
  return `${head}(${params.join(", ")}): ${ret};\n`;
}

/** `key: (a, b) => ret;` on one line. */
function arrowMember(
  head: string,
  params: readonly string[],
  ret: string,
): string {
  return `${head}: (${params.join(", ")}) => ${ret};\n`;
}
