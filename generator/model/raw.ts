import type { HttpMethod, JsonObject, JsonValue } from "./types.js";

/**
 * The spec as written, in the shapes tools.schema.json guarantees once the structure check has
 * passed: what the semantic checks of generator/validate/ and the model builder read.
 */
export type RawFieldValue = string | { const: JsonValue };
export type RawFields = string[] | Record<string, RawFieldValue>;
export interface RawTool {
  name: string;
  section: string;
  title?: string;
  short: string;
  when_to_use: string;
  input: JsonObject;
  output?: JsonObject;
  annotations?: RawAnnotations;
  renamed_from?: string[];
  local?: true;
  http?: {
    method: HttpMethod;
    path: string;
    route?: string;
    query?: RawFields;
    body?: RawFields | RawWholeBody;
    headers?: Record<string, RawFieldValue>;
    idempotency_key?: string;
  };
  mcp?: RawMcpView;
  langchain?: RawView;
  ai_sdk?: RawView;
  function_calling?: RawView;
  cli?: (RawView & { usage: string; summary: string }) | null;
}
/** A prompt the MCP server serves: answered from its template, or by the runtime (`runtime: true`). */
export interface RawPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: {
    name: string;
    description?: string;
    required?: boolean;
    enum?: string[];
  }[];
  template?: string;
  runtime?: true;
}
/** A resource the MCP server lists: its text as given, else read by the runtime. */
export interface RawResource {
  uri: string;
  name: string;
  title?: string;
  mime_type?: string;
  description?: string;
  text?: string;
}
/** A resource template (RFC 6570 levels 1 and 2), read by the runtime. */
export interface RawResourceTemplate {
  uri_template: string;
  name: string;
  title?: string;
  mime_type?: string;
  description?: string;
  parameters?: { name: string; enum?: string[] }[];
}
/** What one consumer shows of a tool: its own description, the inputs it hides. */
export interface RawView {
  description?: string;
  hide?: string[];
}
/** The MCP view: besides the description and hidden inputs, what MCP 2025-11-25 lists of a tool. */
export interface RawMcpView extends RawView {
  icons?: RawIcon[];
  meta?: JsonObject;
  execution?: { task_support: "forbidden" | "optional" | "required" };
}
export interface RawIcon {
  src: string;
  mime_type?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}
/** A tool's hints for MCP clients, the title they carry and other annotations, as written. */
export interface RawAnnotations {
  /** Another annotation (a camelCase key), sent as written. */
  [other: string]: JsonValue | undefined;
  title?: string;
  read_only?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  open_world?: boolean;
}
/** What npm needs to publish a package: set at the top level for every package, or per target. */
export interface RawPublish {
  version?: string;
  license?: string;
  repository?: RawRepository;
  private?: boolean;
}
/** As npm accepts it: a shorthand such as `github:acme/tools`, or the object form. */
export type RawRepository =
  string | { type?: string; url: string; directory?: string };
/** `body: { $input: name }`: that one input is the whole JSON body. */
export interface RawWholeBody {
  $input: string;
}
/** The environment variables a client reads, as tools.yaml names them: the workspaces' three, or none. */
export interface RawEnvNames {
  base_url: string;
  workspace_id?: string;
  token?: string;
  workspaces?: string;
}
/** An API's one credential (`targets.client.auth`): one of bearer, api_key, basic. */
export interface RawAuth {
  bearer?: string;
  api_key?: { env: string; header?: string; query?: string };
  basic?: { username: string; password: string };
  optional?: boolean;
}
/** How a client reaches its API: the variables, and the default base URL and credential. */
export interface RawConnection {
  env: RawEnvNames;
  base_url?: string;
  auth?: RawAuth;
}
/** The targets a spec declares: at least one (tools.schema.json), each present only when declared. */
export interface RawTargets {
  client?: RawPublish & RawConnection & { package: string };
  mcp?: RawPublish & {
    package: string;
    bin: string;
    server_name: string;
    runtime?: string;
    runtime_version?: string;
    instructions?: boolean;
    http_token_env?: string;
  };
  langchain?: RawPublish & { package: string };
  cli?: RawPublish & {
    package: string;
    bin: string;
    program?: string;
    runtime?: string;
    runtime_version?: string;
  };
  ai_sdk?: RawPublish & { package: string };
  function_calling?: RawPublish & { package: string };
  python?: Omit<RawPublish, "repository"> & {
    package: string;
    module: string;
    cli?: string;
    runtime?: string;
    server_name?: string;
    env?: RawEnvNames;
    base_url?: string;
    auth?: RawAuth;
  };
  docs?: RawPublish & {
    package: string;
    templates?: string;
    budget?: number;
    preamble: string;
  };
}
export interface RawSpec extends RawPublish {
  targets: RawTargets;
  sections: {
    id: string;
    heading: string;
    label: string;
    footer?: string;
    cli?: { intro: string; closing?: string; order?: string[] };
    check_docs?: boolean;
  }[];
  tools: RawTool[];
  prompts?: RawPrompt[];
  resources?: RawResource[];
  resource_templates?: RawResourceTemplate[];
  known_words?: string[];
  acknowledged_breaks?: { tool: string; change: string; reason: string }[];
}
