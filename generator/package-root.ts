import { fileURLToPath } from "node:url";

/**
 * The toolgen package's root folder. This file sits one level below it both as
 * source (generator/package-root.ts) and bundled (dist/toolgen.mjs), so one URL serves both.
 */
export const packageRoot = fileURLToPath(new URL("..", import.meta.url));
