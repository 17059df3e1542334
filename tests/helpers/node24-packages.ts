import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The test packages that need Node 22 or later (ai 7 as `ai7`, openai 7, the MCP conformance
 * suite `@modelcontextprotocol/conformance`), pinned by
 * scripts/node24/package-lock.json and kept out of toolgen's devDependencies, so that `npm ci` on
 * Node 20 never installs them. scripts/node24.sh (`npm run test:node24`, CI's Node 24 pass)
 * installs them and names their node_modules in TOOLGEN_NODE24_PACKAGES; without it, the tests
 * that use them are skipped, saying why.
 */
const folder = process.env.TOOLGEN_NODE24_PACKAGES || undefined;

export type Node24Package =
  "ai7" | "openai" | "@modelcontextprotocol/conformance";

/** Whether this run has the packages: only under scripts/node24.sh. */
export const hasNode24Packages = folder !== undefined;

/** What a test's title adds when it is skipped for want of `what` ("" when it runs). */
export function node24Skip(what: string): string {
  return hasNode24Packages
    ? ""
    : `: skipped, ${what} needs Node 22 or later and only scripts/node24.sh installs it (npm run test:node24, CI's Node 24 pass)`;
}

/** The folder of one of the packages, to link into a consumer's node_modules. */
export function node24Package(name: Node24Package): string {
  if (folder === undefined)
    throw new Error(`${name} is installed only by scripts/node24.sh`);
  return path.join(folder, name);
}

/** Imports `specifier` (a package's name or one of its exports, e.g. "ai7/test") from those packages. */
export async function importNode24(specifier: string): Promise<unknown> {
  if (folder === undefined)
    throw new Error(`${specifier} is installed only by scripts/node24.sh`);
  const require = createRequire(path.join(folder, "..", "package.json"));
  return import(pathToFileURL(require.resolve(specifier)).href);
}
