import { runDiff } from "./commands/diff.js";
import { runGen } from "./commands/gen.js";
import { runImport } from "./commands/import.js";
import { runInit } from "./commands/init.js";
import type { Io } from "./commands/io.js";

export { EXIT, type Io } from "./commands/io.js";

/**
 * argv in, exit code out. The command line (this file and commands/) is the only part of toolgen that
 * prints or reads the process's state; each command lives in commands/<command>.ts.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  if (argv[0] === "init") return runInit(argv.slice(1), io);
  if (argv[0] === "diff") return runDiff(argv.slice(1), io);
  if (argv[0] === "import") return runImport(argv.slice(1), io);
  return runGen(argv, io);
}
