import { runDiff } from "./cli/diff.js";
import { runGen } from "./cli/gen.js";
import { runInit } from "./cli/init.js";
import type { Io } from "./cli/io.js";

export { EXIT, type Io } from "./cli/io.js";

/**
 * argv in, exit code out. The CLI layer (this file and cli/) is the only part of toolgen that
 * prints or reads the process's state; each command lives in cli/<command>.ts.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  if (argv[0] === "init") return runInit(argv.slice(1), io);
  if (argv[0] === "diff") return runDiff(argv.slice(1), io);
  return runGen(argv, io);
}
