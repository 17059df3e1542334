/** One file of the bundled runtime, by its path under dist/runtime/. */
export interface RuntimeFile {
  readonly path: string;
  readonly content: string;
}

/**
 * toolgen's bundled runtime (dist/runtime/), by kind (client, mcp, langchain, ai-sdk,
 * function-calling, cli): that kind's `<kind>.js` and `<kind>.d.ts` and the chunks it needs, which
 * the client emitter copies into the client package. io/inputs.ts reads it from disk; generate()
 * takes it as given.
 */
export type RuntimeFiles = Readonly<Record<string, readonly RuntimeFile[]>>;

/** The files of one runtime kind; an error when the runtime was not built. */
export function runtimeKind(
  files: RuntimeFiles,
  kind: string,
): readonly RuntimeFile[] {
  const found = Object.hasOwn(files, kind) ? files[kind]! : [];
  if (found.length === 0)
    throw new Error(
      `toolgen's runtime is not built (dist/runtime has no ${kind}.js): run npm run build`,
    );
  return found;
}
