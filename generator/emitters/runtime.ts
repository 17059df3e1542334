import type { TargetName } from "../model/targets.js";
import type { JsonObject, Model } from "../model/types.js";
import { codeHeader } from "../render/header.js";
import { printJsonWithHeader } from "../render/json.js";
import { stringLiteral } from "../render/literal.js";
import { siblingImports } from "../render/siblings.js";
import { declared } from "../model/targets.js";
import type { EmitContext, GeneratedFile } from "./types.js";

/**
 * A data file that a package's runtime reads, typed by that runtime's own declaration of it
 * (runtime/<target>/data.ts): the emitter that writes it and the runtime that reads it share one type.
 */
export function dataFile<T extends object>(
  path: string,
  data: T,
): GeneratedFile {
  // The runtime types are interfaces, which TypeScript does not read as JSON objects; their values are.
  return { path, content: printJsonWithHeader(data as unknown as JsonObject) };
}

/** The runtime kind each target's package imports from the client (the docs target has none). */
const RUNTIME_KINDS: readonly (readonly [TargetName, string])[] = [
  ["client", "client"],
  ["mcp", "mcp"],
  ["langchain", "langchain"],
  ["cli", "cli"],
  ["ai_sdk", "ai-sdk"],
  ["function_calling", "function-calling"],
];

/** The runtime kinds of the targets the spec declares, in RUNTIME_KINDS' order. */
export function declaredKinds(model: Model): string[] {
  return RUNTIME_KINDS.filter(([target]) => model.targets[target] !== null).map(
    ([, kind]) => kind,
  );
}

/**
 * The hand-written runtime, bundled once by `npm run build`, copied verbatim with the header into
 * the client package, which every other package but the docs depends on: `runtime/<kind>.js`
 * and `.d.ts` for each declared target's kind, and the chunks of shared code they import, each
 * once. The other packages import their kind as `<client>/runtime/<kind>`.
 */
export function runtimeFiles(model: Model, ctx: EmitContext): GeneratedFile[] {
  const files = new Map<string, string>();
  for (const kind of declaredKinds(model))
    for (const f of ctx.runtimeKind(kind))
      files.set(`client/runtime/${f.path}`, codeHeader + f.content);
  return [...files].map(([path, content]) => ({ path, content }));
}

/** What a package's index.js takes from its runtime kind (`<client>/runtime/<kind>`). */
export interface PackageEntry {
  /** The package's own name, for the message when the client package is missing. */
  readonly pkg: string;
  readonly kind: string;
  /** The runtime's function that builds the package's exports from the client module (and the data file). */
  readonly factory: string;
  readonly exports: readonly string[];
  /** The package's own data file the factory reads, relative to index.js, or null. */
  readonly data: string | null;
}

/**
 * A package's index.js: the client package and its runtime kind imported by the client's name
 * (a missing client reported in one line), the exports built by the kind's factory.
 */
export function packageEntry(model: Model, e: PackageEntry): string {
  const client = declared(model, "client").package;
  const data =
    e.data === null
      ? ""
      : `, new URL(${stringLiteral(e.data)}, import.meta.url)`;
  return `${codeHeader}${siblingImports(e.pkg, null, [["client", client]])}const { ${e.factory} } = await import(${stringLiteral(`${client}/runtime/${e.kind}`)});
export const { ${e.exports.join(", ")} } = ${e.factory}(client${data});
`;
}
