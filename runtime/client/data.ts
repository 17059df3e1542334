/**
 * The shape of the generated `tools.json`: everything the runtime knows about the spec. The
 * generator writes it from the model (generator/emitters/client/data.ts) with this type; the MCP,
 * LangChain and CLI packages read its tools, input schemas included, through the client
 * package's `tools` export, so that every schema is written once.
 */
import type { EnvNames, ViewData, ViewTarget } from "../shared/data.js";

export type { EnvNames, ViewData, ViewTarget };

export type ValueSource =
  | { readonly input: string }
  | { readonly workspace: true }
  | { readonly const: unknown };

/** A literal piece of the path, or a value placed into it as one segment. */
export type PathPart = { readonly text: string } | ValueSource;

/** A query parameter, body field or header: its name on the wire and where its value comes from. */
export type Field = { readonly name: string } & ValueSource;

// Alike in shape to the model's HttpBinding (generator/model/types.ts) on purpose: this is the
// file the runtime reads, that the model the emitters read; emitters/client/data.ts writes one
// from the other.
export interface HttpBinding {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: readonly PathPart[];
  /** The input naming the workspace to call; null: always the primary workspace. */
  readonly route: string | null;
  readonly query: readonly Field[];
  /** null: no body is sent; `{ input }`: that one input is the whole JSON body (any JSON type). */
  readonly body: readonly Field[] | { readonly input: string } | null;
  readonly headers: readonly Field[];
  /**
   * The header that carries a fresh idempotency key (a random UUID) per call, the same on each
   * of its retries; present only when the spec names one (`http.idempotency_key`).
   */
  readonly idempotencyKey?: string;
}

export interface ToolData {
  readonly name: string;
  /** The client method's name, e.g. `commitMemory`. */
  readonly method: string;
  readonly section: string;
  readonly short: string;
  readonly local: boolean;
  readonly inputSchema: { readonly [key: string]: unknown };
  /** The JSON Schema of the tool's result, or null when the spec gives none. */
  readonly outputSchema: { readonly [key: string]: unknown } | null;
  readonly http: HttpBinding | null;
  /**
   * Whether calling the tool twice does no more than calling it once, so that the client may
   * retry it: the tool's `idempotent` annotation, else its `read_only` one (each declared or
   * derived from the HTTP method: GET, PUT and DELETE are), else false.
   */
  readonly idempotent: boolean;
  /** Present when the spec gives a consumer its own view of the tool (`mcp:`, `langchain:`, `cli:`). */
  readonly views?: { readonly [T in ViewTarget]?: ViewData };
}

export interface ClientData {
  readonly env: EnvNames;
  readonly tools: readonly ToolData[];
}
