import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  checkTree,
  formatDiagnostic,
  ForeignFilesError,
  gatherInputs,
  generate,
  hasDrift,
  SpecError,
  specInput,
  writeTree,
  type Diagnostic,
} from "../index.js";
import { unsafeOutDir } from "../io/guard.js";
import { packageRoot } from "../package-root.js";
import { decodeSpec } from "../read/encoding.js";
import { fixCommand } from "./fix-command.js";
import { EXIT, type Io } from "./io.js";

const HELP = `Usage: toolgen [options]

Generates every package under the output folder from one tools.yaml.

Options:
  --spec <path>        the spec to read (default: tools.yaml)
  --out <dir>          the output folder, owned whole by toolgen
                       (default: generated/ beside the spec)
  --templates <dir>    your own prompt-doc templates (overrides docs.templates)
  --check              write nothing; exit 1 when the output folder differs
                       from what the spec produces, with a diff of each file
  -v, --version        print toolgen's version
  -h, --help           show this help

Exit codes: 0 done, 1 drift (with --check), 2 invalid spec or arguments, or an
output folder that cannot be read or written, 3 a bug in toolgen (please report
it with the printed stack).
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
        check: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    io.err(
      `toolgen: ${(e as Error).message}\nRun toolgen --help for the options.\n`,
    );
    return EXIT.invalid;
  }
  if (args.help) {
    io.out(HELP);
    return EXIT.ok;
  }
  if (args.version) {
    io.out(`${toolgenVersion()}\n`);
    return EXIT.ok;
  }

  const specPath = path.resolve(io.cwd, args.spec ?? "tools.yaml");
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(specPath);
  } catch (e) {
    io.err(
      `toolgen: cannot read the spec ${specPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`,
    );
    return EXIT.invalid;
  }
  let text: string;
  try {
    text = decodeSpec(specInput(specPath, "", io.cwd).file, bytes);
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    for (const d of e.diagnostics)
      io.err(`${formatDiagnostic(d, bytes.toString("utf8"))}\n`);
    io.err(`\ntoolgen: 1 error(s); nothing was written.\n`);
    return EXIT.invalid;
  }
  const rawOut = args.out ?? path.join(path.dirname(specPath), "generated");
  const outDir = path.resolve(io.cwd, rawOut);
  const unsafe = unsafeOutDir(rawOut, outDir, specPath);
  if (unsafe) {
    io.err(
      `toolgen: refusing to use ${outDir} as the output folder: ${unsafe}. Nothing was written.\n`,
    );
    return EXIT.invalid;
  }
  const spec = specInput(specPath, text, io.cwd);
  const sources = new Map([[spec.file, text]]);
  const show = (d: Diagnostic) =>
    formatDiagnostic(d, sources.get(d.file) ?? readQuietly(d.file, io.cwd));

  try {
    const inputs = gatherInputs(spec, {
      templates: args.templates
        ? path.resolve(io.cwd, args.templates)
        : undefined,
      cwd: io.cwd,
    });
    const { files, warnings } = generate(inputs);
    for (const w of warnings) io.err(`${show(w)}\n`);
    const shown = shownOut(outDir, io.cwd);
    if (args.check) {
      const drift = await checkTree(outDir, files);
      if (!hasDrift(drift)) {
        io.out(
          `toolgen: ${shown}/ matches ${spec.file} (${files.length} files)\n`,
        );
        return EXIT.ok;
      }
      for (const c of drift.changed) io.err(c.diff);
      for (const m of drift.missing) io.err(`missing: ${shown}/${m}\n`);
      for (const x of drift.extra) io.err(`extra:   ${shown}/${x}\n`);
      for (const x of drift.foreign)
        io.err(`foreign: ${shown}/${x} (toolgen did not write it)\n`);
      const count =
        drift.changed.length +
        drift.missing.length +
        drift.extra.length +
        drift.foreign.length;
      const first =
        drift.foreign.length > 0
          ? `move the foreign files out of ${shown}/, then `
          : "";
      io.err(
        `\ntoolgen: ${shown}/ is out of date with ${spec.file} (${count} file(s) differ).\nTo fix this, ${first}run: ${fixCommand(argv, io.env ?? {})}\n`,
      );
      return EXIT.drift;
    }
    const report = writeTree(outDir, files);
    io.out(
      `toolgen: ${shown}/: ${report.written.length} written, ${report.deleted.length} deleted, ${report.unchanged.length} unchanged\n`,
    );
    return EXIT.ok;
  } catch (e) {
    if (e instanceof SpecError) {
      for (const d of e.diagnostics) io.err(`${show(d)}\n`);
      const errors = e.diagnostics.filter((d) => d.severity === "error").length;
      io.err(`\ntoolgen: ${errors} error(s); nothing was written.\n`);
      return EXIT.invalid;
    }
    if (e instanceof ForeignFilesError) {
      const advice = e.owned
        ? "Move them out of that folder"
        : "Empty that folder or choose another --out";
      io.err(
        `toolgen: refusing to write: ${e.message}. ${advice}. Nothing was written.\n`,
      );
      return EXIT.invalid;
    }
    const fsError = e as NodeJS.ErrnoException;
    if (
      typeof fsError.code === "string" &&
      typeof fsError.syscall === "string"
    ) {
      // The disk said no (a file where a folder belongs, no permission, no space): no bug of toolgen's.
      io.err(
        `toolgen: cannot ${args.check ? "read" : "write"} ${shownOut(outDir, io.cwd)}/: ${fsError.message}\n`,
      );
      return EXIT.invalid;
    }
    io.err(
      `toolgen: internal error (a bug in toolgen, not in your spec):\n${(e as Error).stack ?? String(e)}\n`,
    );
    return EXIT.bug;
  }
}

function shownOut(outDir: string, cwd: string): string {
  return path.relative(cwd, outDir) || ".";
}

/** toolgen's version, from its package.json. */
function toolgenVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(packageRoot, "package.json"), "utf8"),
  ) as { version: string };
  return pkg.version;
}

function readQuietly(file: string, cwd: string): string | undefined {
  try {
    return fs.readFileSync(path.resolve(cwd, file), "utf8");
  } catch {
    return undefined;
  }
}
