import { emitCli } from "./cli/index.js";
import { emitClient } from "./client/index.js";
import { emitDocs } from "./docs/index.js";
import { emitLangchain } from "./langchain/index.js";
import { emitMcp } from "./mcp/index.js";
import type { Emitter } from "./types.js";

/** Every target. A new target is one folder and one line here. */
export const emitters: readonly Emitter[] = [
  emitClient,
  emitMcp,
  emitLangchain,
  emitCli,
  emitDocs,
];
