import type { JsonPath } from "../read/parse.js";
import { quoted } from "../diagnostics/quoted.js";

// The one way a message shows a name from the spec, for the diff's messages as for the checks'.
export { quoted };

/**
 * Every change `toolgen diff` reports, by its stable name: its class, and what it means for the
 * agents and callers already deployed (the table of changes in docs/breaking-changes.md is this one). A name is
 * never reworded once released: `acknowledged_breaks` entries spell them.
 */
export const CHANGES = {
  // Tools.
  "tool-removed": [
    "breaking",
    "a tool is gone: an agent or caller naming it gets an unknown-tool error",
  ],
  "tool-renamed": [
    "breaking",
    "a tool renamed with renamed_from: the old name no longer runs (MCP answers that it was renamed), the client method and LangChain name change",
  ],
  "tool-added": ["compatible", "a new tool: nothing deployed names it yet"],
  "section-changed": [
    "breaking",
    "a tool moved to another section: LangChain callers selecting tools by section lose it",
  ],
  // Inputs.
  "input-removed": [
    "breaking",
    "an input is gone (or renamed): a caller still sending it is refused or ignored",
  ],
  "required-input-added": [
    "breaking",
    "a new required input: every existing call lacks it",
  ],
  "input-hidden": [
    "breaking",
    "an input hidden from a target (its mcp:, langchain:, ai_sdk:, function_calling: or cli: hide): callers on that target can no longer give it, and its default applies",
  ],
  "input-shown": ["compatible", "a hidden input offered on a target again"],
  "input-made-required": [
    "breaking",
    "an optional input became required: calls that leave it out are refused",
  ],
  "input-added": [
    "compatible",
    "a new optional input: existing calls stay valid",
  ],
  "input-made-optional": ["compatible", "a required input became optional"],
  // Input schemas: narrowing refuses values that were accepted.
  "type-narrowed": [
    "breaking",
    "a type no longer accepted (string | number → string, no type → a type)",
  ],
  "type-widened": ["compatible", "more types accepted"],
  "enum-value-removed": [
    "breaking",
    "an enum value no longer accepted (or an enum added to a free value)",
  ],
  "enum-value-added": [
    "compatible",
    "an enum value added, or the enum dropped",
  ],
  "range-narrowed": [
    "breaking",
    "a bound tightened: minimum, maximum, exclusive bounds, minLength, maxLength, minItems, maxItems, minProperties, maxProperties raised or lowered inward, multipleOf or uniqueItems added or changed",
  ],
  "range-widened": ["compatible", "a bound loosened or dropped"],
  "pattern-changed": [
    "breaking",
    "a pattern added or changed: some text accepted before may be refused",
  ],
  "pattern-removed": ["compatible", "a pattern dropped"],
  "format-added": [
    "breaking",
    "a format added or changed: text accepted before may be refused",
  ],
  "format-removed": ["compatible", "a format dropped"],
  "default-changed": [
    "breaking",
    "a default added, changed or removed: calls that leave the input out now do something else",
  ],
  "additional-properties-closed": [
    "breaking",
    "additionalProperties: false added: a caller sending an undeclared key is refused",
  ],
  "additional-properties-opened": [
    "compatible",
    "additionalProperties: false dropped",
  ],
  "schema-changed": [
    "breaking",
    "any other schema change toolgen cannot prove harmless ($ref, anyOf, const, items of another kind…)",
  ],
  // HTTP bindings.
  "http-method-changed": [
    "breaking",
    "the HTTP method changed: a platform or proxy expecting the old one refuses the call",
  ],
  "http-path-changed": ["breaking", "the HTTP path changed"],
  "http-route-changed": [
    "breaking",
    "another input (or none) now picks the workspace the call goes to",
  ],
  "http-input-moved": [
    "breaking",
    "an input is sent elsewhere (path, query, body, header) or under another name",
  ],
  "http-field-changed": [
    "breaking",
    "a constant or workspace field of the request added, removed or changed, or the body added or dropped",
  ],
  "http-binding-removed": [
    "breaking",
    "an HTTP tool became local: its client method is gone and the platform is no longer called",
  ],
  "http-binding-added": [
    "compatible",
    "a local tool became an HTTP tool: it gains a client method",
  ],
  // CLI commands.
  "cli-command-removed": [
    "breaking",
    "a tool's CLI command is gone (cli: null, or its section left the CLI)",
  ],
  "cli-command-changed": [
    "breaking",
    "a CLI command's words changed: scripts and prompts typing the old ones fail",
  ],
  "cli-positionals-changed": [
    "breaking",
    "a CLI command's positional arguments changed (order, names, count)",
  ],
  "cli-command-added": ["compatible", "a tool gained a CLI command"],
  // The client's settings (about targets.client, not a tool).
  "client-workspaces-changed": [
    "breaking",
    "the client gained or lost workspaces: agents deployed with the other configuration cannot start",
  ],
  "client-auth-changed": [
    "breaking",
    "the API's credential changed kind or place (bearer, API key header or query, basic), was added, or became required: deployed agents' credentials no longer fit",
  ],
  "client-auth-relaxed": [
    "compatible",
    "the API's credential was dropped or became optional",
  ],
  // Results and annotations (title, annotations, output: per tool, when the spec has them).
  "output-removed": [
    "breaking",
    "a tool's output schema is gone: callers lose its typed result",
  ],
  "output-narrowed": [
    "breaking",
    "the output promises less: a property or required field dropped, a type or enum value added to what it may return",
  ],
  "output-changed": [
    "breaking",
    "any other output schema change toolgen cannot prove harmless",
  ],
  "output-added": ["compatible", "a tool declares its output schema"],
  "output-extended": [
    "compatible",
    "the output promises more: a property or required field added",
  ],
  "annotation-less-safe": [
    "breaking",
    "an annotation made less safe (read_only true → false, destructive false → true, idempotent true → false, open_world false → true): clients that auto-approved the tool no longer may",
  ],
  "annotation-safer": ["compatible", "an annotation made safer"],
  // Prompts and resources the MCP server serves, the prompt docs' own among them.
  "prompt-removed": [
    "breaking",
    "a prompt is gone (the prompt docs' own too, one a section: renaming a section or dropping the docs target takes it away): a client asking for it gets an error",
  ],
  "prompt-argument-required": [
    "breaking",
    "a prompt gained a required argument, or an argument became required: clients that leave it out are refused",
  ],
  "prompt-added": ["compatible", "a new prompt"],
  "resource-removed": [
    "breaking",
    "a resource or resource template is gone: a client reading it gets an error",
  ],
  "resource-added": ["compatible", "a new resource or resource template"],
  // Texts.
  "text-changed": [
    "compatible",
    "a text an agent reads changed (short, when_to_use, a description, a CLI summary, a title), with how many characters it grew or shrank",
  ],
} as const satisfies Record<string, readonly [ChangeClass, string]>;

export type ChangeClass = "breaking" | "compatible";
export type ChangeName = keyof typeof CHANGES;

/** The names of the breaking changes: what an acknowledgement may name. */
export const BREAKING_CHANGES: readonly ChangeName[] = (
  Object.keys(CHANGES) as ChangeName[]
).filter((name) => CHANGES[name][0] === "breaking");

export function classOf(change: ChangeName): ChangeClass {
  return CHANGES[change][0];
}

/** One change found, before it is located in the current spec. */
export interface FoundChange {
  readonly change: ChangeName;
  /** The tool it is about (a removed or renamed tool by its old name). */
  readonly tool: string;
  /** The input it is about, dotted for a nested property (`filter.kind`), when it is about one. */
  readonly input?: string;
  /** What changed, beginning with what it is about (`tool 'x', input 'y': …`). */
  readonly message: string;
  /** Where it is in the current spec; `key`: point at the key rather than its value. */
  readonly path: JsonPath;
  readonly key?: boolean;
  /** For text-changed: the signed change in characters. */
  readonly delta?: number;
}

/** Where changes of one tool are reported: its name, and the path of its schema or block in the current spec. */
export interface Subject {
  readonly tool: string;
  /** The tool's index in the current spec's tools list. */
  readonly index: number;
  readonly push: (change: FoundChange) => void;
}

/** `tool 'x'` or `tool 'x', input 'y'`: how every message begins. */
export function about(tool: string, input?: string): string {
  return input === undefined
    ? `tool ${quoted(tool)}`
    : `tool ${quoted(tool)}, input ${quoted(input)}`;
}
