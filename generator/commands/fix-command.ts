/**
 * The command that brings the output up to date, with this run's options but --check and those
 * that only shape the report (--format, --verbose, --quiet): the npm script that ran toolgen when
 * it is one that generates (npm sets npm_lifecycle_event and npm_lifecycle_script; its extra
 * options follow `--`), else `npx toolgen` with every option.
 */
export function fixCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string {
  const words = (list: readonly string[]) =>
    list
      .filter(
        (a, i) =>
          !REPORT_ONLY.has(a) &&
          !a.startsWith("--format=") &&
          !(i > 0 && list[i - 1] === "--format"),
      )
      .map((a) => ` ${shellWord(a)}`)
      .join("");
  const script = env.npm_lifecycle_event;
  const command = env.npm_lifecycle_script ?? "";
  // npx sets npm_lifecycle_event too ("npx"); a script that runs something else (a test runner
  // that started toolgen) or that checks is not the fix.
  if (
    script &&
    script !== "npx" &&
    /toolgen/.test(command) &&
    !/(^|\s)--check(\s|$)/.test(command)
  ) {
    const own = scriptArgs(command, argv);
    const extra = words(argv.slice(own));
    return `npm run ${shellWord(script)}${extra && ` --${extra}`}`;
  }
  return `npx toolgen${words(argv)}`;
}

/** Options that change what a run says, not what it writes; --format takes the next word. */
const REPORT_ONLY = new Set(["--check", "--format", "--verbose", "--quiet"]);

/** How many of argv's first words the script's command itself wrote (its last words). */
function scriptArgs(command: string, argv: readonly string[]): number {
  const written = command.trim().split(/\s+/);
  for (let k = Math.min(argv.length, written.length); k > 0; k--)
    if (argv.slice(0, k).every((a, i) => a === written[written.length - k + i]))
      return k;
  return 0;
}

/** A word as a POSIX shell reads it back unchanged. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word)
    ? word
    : `'${word.replaceAll("'", "'\\''")}'`;
}
