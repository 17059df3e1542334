import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { packageRoot } from "../package-root.js";
import { genRun, type GenOptions, type GenRun } from "./gen-run.js";
import { EXIT, FORMATS, reportFormat, type Io } from "./io.js";
import { reportGithub } from "./report-github.js";
import { reportJson } from "./report-json.js";
import { reportText, type Verbosity } from "./report-text.js";
import { watchGen } from "./gen-watch.js";

const HELP = `Usage: toolgen [options]
       toolgen init [folder]   set up a project (toolgen init --help)
       toolgen diff --against <ref>   breaking changes since a git ref or file
                                      (toolgen diff --help)

Generates every package under the output folder from one tools.yaml.

Options:
  --spec <path>        the spec to read (default: tools.yaml)
  --out <dir>          the output folder, owned whole by toolgen
                       (default: generated/ beside the spec)
  --templates <dir>    your own prompt-doc templates (overrides docs.templates)
  --max-spec-bytes <n> refuse a spec larger than n bytes, read no further
                       (default: 16777216, 16 MiB)
  --check              write nothing; exit 1 when the output folder differs
                       from what the spec produces, with a diff of each file
  --watch              generate, then again whenever the spec, a file of your
                       templates folder or a runtime package the spec names
                       changes; Ctrl-C stops (not with --check)
  --format <format>    text (the default), json (one JSON document on stdout)
                       or github (GitHub Actions annotations, then the text;
                       the default when GITHUB_ACTIONS=true)
  --verbose            list every file written, deleted or unchanged, and the
                       sections whose docs are not checked (check_docs: false)
  --quiet              print errors only
  -v, --version        print toolgen's version
  -h, --help           show this help

Exit codes: 0 done, 1 drift (with --check), 2 invalid spec or arguments, or an
output folder that cannot be read or written, 3 toolgen itself failed (a bug:
please report it with the printed stack, or a build of toolgen that fails).
`;

/** The gen command (the default): argv in, exit code out. */
export async function runGen(argv: readonly string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        spec: { type: "string" },
        out: { type: "string" },
        templates: { type: "string" },
        "max-spec-bytes": { type: "string" },
        check: { type: "boolean" },
        watch: { type: "boolean" },
        format: { type: "string" },
        verbose: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
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
  if (args.version) {
    io.out(`${toolgenVersion()}\n`);
    return EXIT.ok;
  }
  const format = reportFormat(args.format, io);
  if (format === undefined)
    return usage(
      io,
      `--format '${args.format}' is not one of ${FORMATS.join(", ")}`,
    );
  if (args.watch && args.check)
    return usage(io, "--watch and --check cannot be combined");
  if (args.quiet && args.verbose)
    return usage(io, "--quiet and --verbose cannot be combined");

  const maxSpecBytes = byteCount(args["max-spec-bytes"]);
  if (maxSpecBytes === null)
    return usage(
      io,
      `--max-spec-bytes '${args["max-spec-bytes"]}' is not a whole number of bytes above 0`,
    );
  const options: GenOptions = {
    maxSpecBytes,
    spec: args.spec ?? "tools.yaml",
    out: args.out,
    templates: args.templates,
    check: args.check ?? false,
    argv,
  };
  const how: Verbosity = {
    quiet: args.quiet ?? false,
    verbose: args.verbose ?? false,
  };
  const report = (run: GenRun) => {
    if (format === "json") reportJson(run, io);
    else if (format === "github") reportGithub(run, io, how);
    else reportText(run, io, how);
  };
  if (!args.watch) {
    const run = await genRun(options, io);
    report(run);
    return run.exit;
  }
  return watchGen(options, io, how, report);
}

/** A --max-spec-bytes value: undefined when not given, null when it is no whole number above 0. */
function byteCount(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

function usage(io: Io, message: string): number {
  io.err(`toolgen: ${message}\nRun toolgen --help for the options.\n`);
  return EXIT.invalid;
}

/** toolgen's version, from its package.json. */
export function toolgenVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(packageRoot, "package.json"), "utf8"),
  ) as { version: string };
  return pkg.version;
}
