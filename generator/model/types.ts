/**
 * The resolved, read-only model every emitter reads. Emitters never see the YAML:
 * names are already cased, defaults applied and references resolved here.
 */
import type { EnvNames, Json } from "../../runtime/shared/data.js";
import type {
  PromptData,
  ResourceData,
  ResourceTemplateData,
} from "../../runtime/mcp/catalog-data.js";

/** The prompts and resources tools.yaml declares, in the shapes the MCP package's tools.json carries them. */
export interface ModelCatalog {
  readonly prompts: readonly PromptData[];
  readonly resources: readonly ResourceData[];
  readonly resourceTemplates: readonly ResourceTemplateData[];
}

/** A JSON value, as the runtimes type one. */
export type JsonValue = Json;
export type JsonObject = { readonly [key: string]: JsonValue };

export interface Model {
  readonly targets: Targets;
  /** In spec order; each lists its tools in spec order. */
  readonly sections: readonly Section[];
  /** Every tool, in spec order. */
  readonly tools: readonly Tool[];
  /** The prompts, resources and resource templates the MCP server serves besides the tools. */
  readonly catalog: ModelCatalog;
  /** The breaks this release makes on purpose (`acknowledged_breaks`), in spec order: read by `toolgen diff` only. */
  readonly acknowledgedBreaks: readonly AcknowledgedBreak[];
}

/** A breaking change `toolgen diff` lists without failing on it. */
export interface AcknowledgedBreak {
  readonly tool: string;
  /** A breaking change's name, as `toolgen diff` prints it (generator/breaking/changes.ts). */
  readonly change: string;
  readonly reason: string;
}

/** What a generated package.json says about publishing: the target's own settings, else the spec's. */
export interface Publish {
  /** A semver version; 0.0.0 when the spec sets none. */
  readonly version: string;
  readonly license: string | null;
  readonly repository: Repository | null;
  /** true only when the spec says so. */
  readonly private: boolean;
}

/** As npm reads it: a shorthand or URL, or the object form (directory already resolved). */
export type Repository =
  | string
  | {
      readonly type?: string;
      readonly url: string;
      readonly directory?: string;
    };

/** Each target's settings, or null when the spec does not declare it (no package is generated). */
export interface Targets {
  readonly client: {
    readonly package: string;
    readonly publish: Publish;
    /** The environment variables createClientFromEnv reads: the runtimes' own type of them. */
    readonly env: EnvNames;
  } | null;
  readonly mcp: {
    readonly package: string;
    readonly bin: string;
    readonly serverName: string;
    /** The package whose createRuntime the bin starts for the local tools, or null: none. */
    readonly runtime: string | null;
    /** The range of the runtime package's versions, its peer dependency (default `*`). */
    readonly runtimeVersion: string;
    /** The server sends the docs target's MCP prompt as its instructions (`instructions: false` turns it off). */
    readonly instructions: boolean;
    /** The environment variable whose bearer token HTTP requests must carry, or null: none. */
    readonly httpTokenEnv: string | null;
    readonly publish: Publish;
  } | null;
  readonly langchain: {
    readonly package: string;
    readonly publish: Publish;
  } | null;
  readonly cli: {
    readonly package: string;
    readonly bin: string;
    readonly program: string;
    /** The package whose createRuntime answers the bin's local-tool commands, or null: none. */
    readonly runtime: string | null;
    /** The range of the runtime package's versions, its peer dependency (default `*`). */
    readonly runtimeVersion: string;
    readonly publish: Publish;
  } | null;
  readonly docs: {
    readonly package: string;
    readonly publish: Publish;
    readonly budget: number | null;
    readonly preamble: string;
  } | null;
  /** The Vercel AI SDK package (runtime/ai-sdk/). */
  readonly ai_sdk: {
    readonly package: string;
    readonly publish: Publish;
  } | null;
  /** One Python distribution of every surface (runtime/python/). */
  readonly python: {
    /** The distribution's name (PEP 508), as written. */
    readonly package: string;
    /** The import name, e.g. `acme_tools`. */
    readonly module: string;
    /** The console script's name, or null: only `python -m <module>.cli`. */
    readonly cli: string | null;
    /** The module whose create_runtime answers the local tools, or null: none. */
    readonly runtime: string | null;
    readonly serverName: string;
    /** The environment variables it reads: its own `env`, else the client target's. */
    readonly env: EnvNames;
    /** PEP 440's spelling of the spec's semver version. */
    readonly version: string;
    readonly license: string | null;
    readonly private: boolean;
  } | null;
  /** The provider function-calling package: OpenAI and Anthropic definitions, dispatch (runtime/function-calling/). */
  readonly function_calling: {
    readonly package: string;
    readonly publish: Publish;
  } | null;
}

export interface Section {
  readonly id: string;
  readonly heading: string;
  readonly label: string;
  readonly footer: string | null;
  /** false when the spec opts the section out of the rendered-docs check (`check_docs: false`). */
  readonly checkDocs: boolean;
  /** Present when the section is exposed on the CLI (never without the cli target). */
  readonly cli: {
    readonly intro: string;
    readonly closing: string | null;
    /** The tools with a command, in the order the prompt block lists them (`cli.order`, else tool order). */
    readonly commands: readonly Tool[];
  } | null;
  readonly tools: readonly Tool[];
}

export interface Tool {
  readonly name: string;
  /** `delegate_task` → `delegateTask`: method and handler names. */
  readonly camelName: string;
  /** `delegate_task` → `DelegateTask`: type names. */
  readonly pascalName: string;
  readonly sectionId: string;
  /** A human-readable name, or null when the spec gives none. */
  readonly title: string | null;
  readonly short: string;
  readonly whenToUse: string;
  /** The JSON Schema exactly as written in the spec. */
  readonly input: JsonObject;
  /** Input names, in the order the schema lists them. */
  readonly inputNames: readonly string[];
  readonly required: readonly string[];
  /** The JSON Schema of the result exactly as written, or null: the result is not described. */
  readonly output: JsonObject | null;
  /** The hints for MCP clients: each declared, derived from the HTTP method, or absent (MCP's default). */
  readonly annotations: Annotations;
  readonly renamedFrom: readonly string[];
  /** How the platform is called, or null for a tool handled by the runtime's own code. */
  readonly http: HttpBinding | null;
  /** undefined: the section is not on the CLI (or there is no cli target); null: deliberately not exposed. */
  readonly cli: CliCommand | null | undefined;
  /** What the MCP table shows of the tool (`mcp:`). */
  readonly mcp: McpView;
  /** What the LangChain tools show of the tool (`langchain:`). */
  readonly langchain: View;
  /** What the AI SDK tools show of the tool (`ai_sdk:`). */
  readonly aiSdk: View;
  /** What the OpenAI and Anthropic definitions show of the tool (`function_calling:`). */
  readonly functionCalling: View;
}

/** What one consumer shows of a tool. */
export interface View {
  /** The consumer's own text, or the tool's `short`. */
  readonly description: string;
  /** Inputs the consumer never offers nor sends, in the schema's order. */
  readonly hidden: readonly string[];
}

/** What tools/list shows of a tool besides its description and schema, each only as declared. */
export interface McpView extends View {
  readonly icons: readonly McpIcon[];
  /** The tool's `_meta`, as written, or null: none. */
  readonly meta: JsonObject | null;
  /** MCP's execution settings, or null: none declared (the only value served is forbidden). */
  readonly execution: { readonly taskSupport: "forbidden" } | null;
}

/** An icon as MCP lists it. */
export interface McpIcon {
  readonly src: string;
  readonly mimeType?: string;
  readonly sizes?: readonly string[];
  readonly theme?: "light" | "dark";
}

/**
 * A tool's hints, resolved: a hint the spec declares as declared; else one derived from the HTTP
 * method (model/annotations.ts); else undefined, which leaves it to MCP's default.
 */
export interface Annotations {
  /** Another annotation the spec declares (a camelCase key), sent as written. */
  readonly [other: string]: JsonValue | undefined;
  /** The title the annotations carry: only a declared one (`annotations.title`). */
  readonly title?: string;
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where a value sent to the platform comes from. */
export type ValueSource =
  | { readonly kind: "input"; readonly input: string }
  | { readonly kind: "workspace" }
  | { readonly kind: "const"; readonly value: JsonValue };

export interface Field {
  readonly name: string;
  readonly value: ValueSource;
}

export type PathPart =
  { readonly kind: "literal"; readonly text: string } | ValueSource;

// Alike in shape to tools.json's HttpBinding (runtime/client/data.ts) on purpose: this is the
// model the emitters read (the path as written too), that the file the client's runtime reads;
// emitters/client/data.ts writes one from the other.
export interface HttpBinding {
  readonly method: HttpMethod;
  /** The path as written, e.g. `/workspaces/{$workspace}/delegate`. */
  readonly pathTemplate: string;
  readonly path: readonly PathPart[];
  /** The input naming the workspace to call, or null: always the primary workspace. */
  readonly route: string | null;
  readonly query: readonly Field[];
  /** null: no body is sent; `{ input }`: that one input is the whole JSON body. */
  readonly body: readonly Field[] | { readonly input: string } | null;
  readonly headers: readonly Field[];
  /** The header carrying a fresh idempotency key per call (`http.idempotency_key`), or null. */
  readonly idempotencyKey: string | null;
}

export interface CliCommand {
  /** As declared, e.g. `delegate --async <workspace_id> <task>`. */
  readonly usage: string;
  /** The words before the first placeholder, e.g. `delegate --async`. */
  readonly keyword: string;
  /** Inputs taken as positional arguments, in order. */
  readonly positionals: readonly string[];
  /** True when the last positional takes the rest of the words (`<task...>`). */
  readonly variadic: boolean;
  /** The help's text for the command (`cli.description`, else `short`). */
  readonly description: string;
  /** Inputs the command never offers nor sends, in the schema's order. */
  readonly hidden: readonly string[];
  /**
   * The usage with every required input that is no placeholder added as its option, e.g.
   * `put <title> --body <body>`: the whole command a caller must write, as the prompt docs show it.
   */
  readonly line: string;
  readonly summary: string;
}
