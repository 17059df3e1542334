import path from "node:path";
import type { GenOptions, GenRun } from "./gen-run.js";
import { genRun } from "./gen-run.js";
import { EXIT, type Io } from "./io.js";
import type { Verbosity } from "./report-text.js";
import { watchLoop } from "./watch.js";
import { watchTargets } from "./watch-targets.js";

/** --watch: gen, then again on every change of what it read, until stopped; exit 0. */
export async function watchGen(
  options: GenOptions,
  io: Io,
  how: Verbosity,
  report: (run: GenRun) => void,
): Promise<number> {
  const notice = (text: string) => {
    if (!how.quiet) io.err(text);
  };
  const templates = options.templates
    ? path.resolve(io.cwd, options.templates)
    : undefined;
  let said = "";
  await watchLoop({
    notice,
    signal: io.signal,
    cwd: io.cwd,
    run: async () => {
      const run = await genRun(options, io);
      report(run);
      const { targets, unresolved } = watchTargets({
        specPath: run.specPath,
        specValue: run.specValue,
        templates,
        cwd: io.cwd,
      });
      const missing = unresolved.map(
        (name) =>
          `toolgen: the runtime package ${name} does not resolve from the spec's folder: not watched\n`,
      );
      const watching = `toolgen: watching ${targets.map((t) => t.label).join(", ")} (Ctrl-C to stop)\n`;
      // Said once the folders are watched: on the first run, and again when they change.
      const saying = `${missing.join("")}${watching}`;
      const watched = () => {
        if (saying !== said) notice((said = saying));
      };
      return { targets, skip: run.outDir, watched };
    },
  });
  notice("toolgen: stopped watching\n");
  return EXIT.ok;
}
