import type { LocalRuntime } from "./stdio.js";
import type { PlatformCaller } from "../shared/handler.js";

/** What the bin uses of the package `targets.mcp.runtime` names. */
export interface RuntimePackage {
  createRuntime(options: {
    client: PlatformCaller;
    env: Readonly<Record<string, string | undefined>>;
  }): LocalRuntime;
}

/**
 * For the bin: the runtime package, loaded by `load` (the bin's own `import()` of it, so that it
 * resolves from the bin), or undefined after one line on `err` naming the package to install
 * (the bin then exits 2). It is a peer dependency, which `npm --legacy-peer-deps` and yarn
 * leave out. Only that package being absent is said so: any other failure, a missing dependency
 * of the runtime or an error inside it, is thrown as the bug it is.
 */
export async function importRuntimeForBin(
  load: () => Promise<unknown>,
  runtime: string,
  pkg: string,
  program: string,
  err: (text: string) => void,
): Promise<RuntimePackage | undefined> {
  try {
    return (await load()) as RuntimePackage;
  } catch (error) {
    if (!isMissing(error, runtime)) throw error;
    err(
      `${program}: ${pkg} serves its local tools with ${runtime}, which is not installed: install it (npm install ${runtime})\n`,
    );
    return undefined;
  }
}

/** Node's error for a bare import of `name` that no node_modules folder holds (not one of its own imports). */
function isMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
  };
  return (
    code === "ERR_MODULE_NOT_FOUND" &&
    typeof message === "string" &&
    message.startsWith(`Cannot find package '${name}' imported from `)
  );
}
