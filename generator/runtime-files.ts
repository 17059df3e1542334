/** One hand-written runtime file as `npm run build` compiled it, by its path under its folder. */
export interface RuntimeFile {
  readonly path: string;
  readonly content: string;
}

/**
 * toolgen's compiled runtime (dist/runtime/), by folder (client, mcp, langchain, cli): what
 * emitters copy into the packages. io/inputs.ts reads it from disk; generate() takes it as given.
 */
export type RuntimeFiles = Readonly<Record<string, readonly RuntimeFile[]>>;

/** The files of one runtime folder, sorted by path; an error when the runtime was not built. */
export function runtimeFolder(
  files: RuntimeFiles,
  folder: string,
): readonly RuntimeFile[] {
  const found = Object.hasOwn(files, folder) ? files[folder]! : [];
  if (found.length === 0)
    throw new Error(
      `toolgen's runtime is not built (dist/runtime/${folder} is empty): run npm run build`,
    );
  return found;
}
