import type { JsonObject } from "../model/types.js";
import { codeHeader } from "../render/header.js";
import { printJsonWithHeader } from "../render/json.js";
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

/**
 * The hand-written runtime of a target, copied verbatim into its package with the header:
 * runtime/<target>/ into `<target>/runtime/`, and the types several packages share,
 * runtime/shared/, into `<target>/shared/` (a package never imports another by name, so each
 * has its own copy; the relative imports between the two folders hold as in runtime/).
 */
export function runtimeFiles(
  ctx: EmitContext,
  target: string,
): GeneratedFile[] {
  const copy = (folder: string, into: string) =>
    ctx.runtimeFolder(folder).map((f) => ({
      path: `${target}/${into}/${f.path}`,
      content: codeHeader + f.content,
    }));
  return [...copy(target, "runtime"), ...copy("shared", "shared")];
}
