/**
 * A rich result: what a local handler returns instead of a plain value when the model should get
 * MCP content (text, images, audio, links to resources, embedded resources, several at once) or
 * `structuredContent` set apart from the text. Made by `toolResult()` and the content helpers
 * below, exported by the client package beside the handler types; the client answers one for an
 * HTTP tool whose platform answer is an image or audio. Each target passes on what its consumer
 * can carry (docs/runtime.md, "Rich results").
 *
 * A plain object a handler returns is its value, never content, whatever its keys: only a result
 * made here (it carries a registered symbol, so a second copy of this module knows it too) is read
 * as content. runtime/python/toolgen_core/tool_result.py is the Python twin, with the same checks.
 */

/** Optional MCP annotations of a content block. */
export interface ContentAnnotations {
  readonly audience?: readonly ("user" | "assistant")[];
  readonly priority?: number;
  readonly lastModified?: string;
}

interface ContentBase {
  readonly annotations?: ContentAnnotations;
  readonly _meta?: { readonly [key: string]: unknown };
}

export interface TextContent extends ContentBase {
  readonly type: "text";
  readonly text: string;
}

/** An image or a sound, as base64 data with its MIME type. */
export interface MediaContent<T extends "image" | "audio"> extends ContentBase {
  readonly type: T;
  /** The bytes, base64-encoded. */
  readonly data: string;
  readonly mimeType: string;
}

export type ImageContent = MediaContent<"image">;
export type AudioContent = MediaContent<"audio">;

/** A link to a resource the client may read; its contents are not in the result. */
export interface ResourceLink extends ContentBase {
  readonly type: "resource_link";
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly size?: number;
}

/** A resource's contents, as text or as base64 bytes (`blob`). */
export type ResourceContents =
  | {
      readonly uri: string;
      readonly mimeType?: string;
      readonly text: string;
    }
  | {
      readonly uri: string;
      readonly mimeType?: string;
      readonly blob: string;
    };

/** A resource carried whole in the result. */
export interface EmbeddedResource extends ContentBase {
  readonly type: "resource";
  readonly resource: ResourceContents;
}

/** One block of a result's content, as MCP (2025-11-25) defines it. */
export type Content =
  TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** The content kinds a result may hold, by their `type`. */
export const CONTENT_TYPES: readonly Content["type"][] = [
  "text",
  "image",
  "audio",
  "resource_link",
  "resource",
];

/** What `toolResult` takes: content, structured content, or both. */
export interface ToolResultInit<S = { readonly [key: string]: unknown }> {
  readonly content?: readonly Content[];
  /** The result as data; checked against the tool's output schema when it has one. */
  readonly structuredContent?: S;
  /** True for a failed call whose content says why (throwing does the same with a message). */
  readonly isError?: boolean;
}

/** A rich result (made by toolResult): its content, in order, and its structured content. */
export interface ToolResult<S = { readonly [key: string]: unknown }> {
  readonly content: readonly Content[];
  readonly structuredContent?: S;
  readonly isError?: boolean;
}

const BRAND = Symbol.for("toolgen.toolResult");

/**
 * A handler's rich result. `content` is sent in order; without it, a tool with structured
 * content answers that content's JSON as text too, for clients that read only text. The content is
 * checked when the result is sent: a block of an unknown type or an image without data makes the
 * call an error result that names it, never a crash.
 */
export function toolResult<S = { readonly [key: string]: unknown }>(
  init: ToolResultInit<S>,
): ToolResult<S> {
  const result = {
    content: Object.freeze([...(init.content ?? [])]),
    ...(init.structuredContent === undefined
      ? {}
      : { structuredContent: init.structuredContent }),
    ...(init.isError === true ? { isError: true } : {}),
  };
  Object.defineProperty(result, BRAND, { value: true });
  return Object.freeze(result);
}

/** Whether `value` was made by toolResult (by this copy of the runtime or another). */
export function isToolResult(value: unknown): value is ToolResult {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as { [BRAND]?: unknown })[BRAND] === true
  );
}

export function textContent(text: string): TextContent {
  return { type: "text", text };
}

/** An image: its bytes (encoded here) or their base64 text, and its MIME type. */
export function imageContent(
  data: Uint8Array | string,
  mimeType: string,
): ImageContent {
  return { type: "image", data: base64(data), mimeType };
}

/** A sound: its bytes (encoded here) or their base64 text, and its MIME type. */
export function audioContent(
  data: Uint8Array | string,
  mimeType: string,
): AudioContent {
  return { type: "audio", data: base64(data), mimeType };
}

export function resourceLink(
  link: Omit<ResourceLink, "type" | "annotations" | "_meta">,
): ResourceLink {
  return { type: "resource_link", ...link };
}

/** A resource carried whole: its text, or its bytes as `blob` (encoded here when given as bytes). */
export function embeddedResource(
  resource:
    | {
        readonly uri: string;
        readonly mimeType?: string;
        readonly text: string;
      }
    | {
        readonly uri: string;
        readonly mimeType?: string;
        readonly blob: Uint8Array | string;
      },
): EmbeddedResource {
  return {
    type: "resource",
    resource:
      "blob" in resource
        ? { ...resource, blob: base64(resource.blob) }
        : { ...resource },
  };
}

function base64(data: Uint8Array | string): string {
  return typeof data === "string"
    ? data
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString(
        "base64",
      );
}

/**
 * An HTTP answer of type `image/*` or `audio/*`, as the rich result carrying it (its MIME type
 * without parameters); null for any other type or an empty body, which are read as before.
 */
export function mediaResult(
  contentType: string | null,
  bytes: Uint8Array,
): ToolResult | null {
  const mime = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const kind = /^(image|audio)\/[\w.+-]+$/.exec(mime)?.[1];
  if (kind === undefined || bytes.byteLength === 0) return null;
  return toolResult({
    content: [
      kind === "image" ? imageContent(bytes, mime) : audioContent(bytes, mime),
    ],
  });
}
