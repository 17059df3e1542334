import { parseArgs } from "node:util";
import { diffRun, type DiffRun } from "./diff-run.js";
import { EXIT, FORMATS, reportFormat, type Io } from "./io.js";
import { reportDiffGithub } from "./report-diff-github.js";
import { reportDiffJson } from "./report-diff-json.js";
import { reportDiffText } from "./report-diff-text.js";

const HELP = `Usage: toolgen diff --against <git-ref | file> [options]

Compares the tool surface of the spec with the spec at a git ref (read with
git show: the working tree is untouched) or in a file, and lists each change
with its place in the spec, classed as breaking (agents and callers already
deployed may fail) or compatible. A break listed in the spec's
acknowledged_breaks is shown but fails nothing.

Options:
  --against <ref|file> what to compare against: an existing file, else a git
                       ref (origin/main, HEAD~1, a tag); required
  --spec <path>        the spec to read (default: tools.yaml)
  --format <format>    text (the default), json (one JSON document on stdout)
                       or github (GitHub Actions annotations, then the text;
                       the default when GITHUB_ACTIONS=true)
  --quiet              list the breaking changes only, and errors
  -h, --help           show this help

Exit codes: 0 nothing breaking (or every break acknowledged), 1 something
breaking, 2 invalid arguments, an invalid spec (at the ref too) or a ref or
file that cannot be read, 3 a bug in toolgen.
`;

/** `toolgen diff`: argv (after `diff`) in, exit code out. */
export function runDiff(argv: readonly string[], io: Io): number {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        against: { type: "string" },
        spec: { type: "string" },
        format: { type: "string" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    // The same few lines as in gen.ts and diff.ts, on purpose: each command keeps its options,
    // its help and its usage line together in its own file.
    return usage(io, (e as Error).message);
  }
  if (args.help) {
    io.out(HELP);
    return EXIT.ok;
  }
  const format = reportFormat(args.format, io);
  if (format === undefined)
    return usage(
      io,
      `--format '${args.format}' is not one of ${FORMATS.join(", ")}`,
    );
  if (args.against === undefined)
    return usage(io, "--against <git-ref | file> is required");
  const run: DiffRun = diffRun(
    { spec: args.spec ?? "tools.yaml", against: args.against },
    io,
  );
  const quiet = args.quiet ?? false;
  if (format === "json") reportDiffJson(run, io);
  else if (format === "github") reportDiffGithub(run, io, quiet);
  else reportDiffText(run, io, quiet);
  return run.exit;
}

function usage(io: Io, message: string): number {
  io.err(
    `toolgen diff: ${message}\nRun toolgen diff --help for the options.\n`,
  );
  return EXIT.invalid;
}
