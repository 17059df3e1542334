import path from "node:path";
import { parseArgs } from "node:util";
import { formatDiagnostic } from "../index.js";
import {
  applyInit,
  InitConflictError,
  planInit,
  type InitStatus,
} from "../init/index.js";
import { toolgenVersion } from "./gen.js";
import { EXIT, type Io } from "./io.js";

export const INIT_HELP = `Usage: toolgen init [folder]

Sets up a project for toolgen in folder (default: the current folder; created
when missing):
  tools.yaml                      a commented example spec with one tool
  package.json                    the scripts gen (toolgen) and gen:check
                                  (toolgen --check), and the workspace
                                  generated/* (created when missing)
  .gitattributes                  generated/** text eol=lf linguist-generated
  .prettierignore                 generated/
  .gitignore                      node_modules/
  .github/workflows/toolgen.yml   CI: npm ci, then the drift gate (in a
                                  sub-folder of a git repository:
                                  <root>/.github/workflows/toolgen-<name>.yml,
                                  run in the folder)
  generated/                      the first generation, so that npm install
                                  links the generated packages

It never replaces a file. A missing file is created; a missing line or key is
added to an existing file; one already there is skipped. A tools.yaml or a
workflow with other content than init's, a package.json that is not valid JSON
or whose gen, gen:check or workspaces say something else, is a conflict: then
init names every conflict, writes nothing and exits 2. Running it again changes
nothing. init does not add toolgen itself to package.json: when the project
does not list it, init says how. Next: npm install, then npm run gen after each
edit of tools.yaml.

Options:
  -h, --help           show this help
`;

const SHOWN: Record<InitStatus, string> = {
  create: "created ",
  change: "changed ",
  skip: "skipped ",
  conflict: "conflict",
};

/** `toolgen init [folder]`: argv (after `init`) in, exit code out. */
export function runInit(argv: readonly string[], io: Io): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    io.err(
      `toolgen init: ${(e as Error).message}\nRun toolgen init --help for the options.\n`,
    );
    return EXIT.invalid;
  }
  if (parsed.values.help) {
    io.out(INIT_HELP);
    return EXIT.ok;
  }
  if (parsed.positionals.length > 1) {
    io.err(
      `toolgen init: one folder at most, not ${parsed.positionals.length}\nRun toolgen init --help for the options.\n`,
    );
    return EXIT.invalid;
  }
  const folder = path.resolve(io.cwd, parsed.positionals[0] ?? ".");
  const prefix = shownPrefix(folder, io.cwd);
  try {
    const plan = planInit(folder);
    const lines = plan.steps.map(
      (s) =>
        `  ${SHOWN[s.status]} ${s.path === "" ? prefix || "./" : prefix + s.path}: ${s.detail}\n`,
    );
    const conflicts = plan.steps.filter((s) => s.status === "conflict");
    if (conflicts.length > 0) {
      for (const s of conflicts) io.err(lines[plan.steps.indexOf(s)]!);
      io.err(
        `\ntoolgen init: ${conflicts.length} conflict(s); nothing was written. Resolve them, or run init in another folder.\n`,
      );
      return EXIT.invalid;
    }
    applyInit(plan);
    for (const w of plan.warnings) io.err(`${formatDiagnostic(w)}\n`);
    io.out(`toolgen init: ${prefix || "./"}\n${lines.join("")}`);
    const changed = plan.steps.some((s) => s.status !== "skip");
    io.out(
      plan.toolgenListed
        ? changed
          ? `\nNext: npm install, then edit tools.yaml and run npm run gen.\n`
          : `\nNothing to do: the project is already set up.\n`
        : `\nNext: add toolgen to the project's devDependencies, so that npm run gen and CI find it: npm i -D <path>/toolgen-${toolgenVersion()}.tgz (the tarball npm pack makes in a clone of toolgen; keep it in the repository for CI). Then edit tools.yaml and run npm run gen.\n`,
    );
    return EXIT.ok;
  } catch (e) {
    if (e instanceof InitConflictError) {
      io.err(`toolgen init: ${e.message}\n`);
      return EXIT.invalid;
    }
    const fsError = e as NodeJS.ErrnoException;
    if (
      typeof fsError.code === "string" &&
      typeof fsError.syscall === "string"
    ) {
      io.err(`toolgen init: ${fsError.message}\n`);
      return EXIT.invalid;
    }
    io.err(
      `toolgen init: internal error (a bug in toolgen):\n${(e as Error).stack ?? String(e)}\n`,
    );
    return EXIT.bug;
  }
}

/** How paths inside the folder are shown: relative to the working folder, "" when it is the folder. */
function shownPrefix(folder: string, cwd: string): string {
  const rel = path.relative(cwd, folder);
  if (rel === "") return "";
  const shown = rel.startsWith("..") || path.isAbsolute(rel) ? folder : rel;
  return `${shown.split(path.sep).join("/")}/`;
}
