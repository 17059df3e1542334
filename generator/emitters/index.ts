import { emitMcp } from "./mcp/index.js";
import type { Emitter } from "./types.js";

/** Every target, in the order their files are listed. A new target is one folder and one line here. */
export const emitters: readonly Emitter[] = [emitMcp];
