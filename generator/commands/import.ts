import path from "node:path";
import { parseArgs } from "node:util";
import {
  ImportSourceError,
  listOverHttp,
  listOverStdio,
  readSavedList,
  type McpToolList,
} from "../import/mcp-source.js";
import { derivedNames, mcpImportDoc } from "../import/mcp-spec.js";
import {
  importRefusal,
  WRITE_OPTIONS,
  writeImport,
  type ImportTarget,
} from "./import-write.js";
import { runOpenApiImport } from "./import-openapi.js";
import { EXIT, type Io } from "./io.js";

export const IMPORT_HELP = `Usage: toolgen import mcp <tools.json | url> [options]
       toolgen import mcp [options] -- <command> [args...]
       toolgen import openapi <file> [options]   (toolgen import openapi --help)

Writes tools.yaml from the tools an MCP server lists: a saved tools/list answer
(JSON), a server's Streamable HTTP URL, or the command that starts it over
stdio (after --). Each tool becomes a local tool that toolgen's MCP server
lists exactly as the source does; runtime/ beside tools.yaml is a runtime
package that names the handlers to write. What MCP does not carry is filled by
rule (docs/import.md), and what the spec cannot carry is reported.

When the spec exists, the import updates it in place: the imported tools follow
the source, what you added or edited is kept, and each change is reported as
toolgen diff reports it. runtime/ is yours once written.

Options:
  --out <file>         the spec to write (default: tools.yaml)
  --name <base>        the base of the package, bin and environment names
                       (default: from the server's name)
  --section <id>       the section of the tools (default: the base)
  --timeout <seconds>  how long a server has to list its tools (default: 30)
  --force              replace the spec and runtime/ whole when they exist
  --dry-run            report what the import would change; write nothing
  --check              as --dry-run, and exit 1 when the spec would change
  -h, --help           show this help
`;

/** `toolgen import mcp …`: argv (after `import`) in, exit code out. */
export async function runImport(
  argv: readonly string[],
  io: Io,
): Promise<number> {
  if (argv[0] === "openapi") return runOpenApiImport(argv.slice(1), io);
  const cut = argv.indexOf("--");
  const command = cut < 0 ? [] : argv.slice(cut + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...(cut < 0 ? argv : argv.slice(0, cut))],
      options: {
        ...WRITE_OPTIONS,
        section: { type: "string" },
        timeout: { type: "string" },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    return usage(io, (e as Error).message);
  }
  if (parsed.values.help) {
    io.out(IMPORT_HELP);
    return EXIT.ok;
  }
  const [kind, source, ...extra] = parsed.positionals;
  if (kind !== "mcp")
    return usage(
      io,
      kind === undefined
        ? "say what to import from: toolgen import mcp … or toolgen import openapi …"
        : `cannot import from ${JSON.stringify(kind)}: toolgen import mcp … or toolgen import openapi …`,
    );
  if (extra.length > 0 || (source === undefined) === (command.length === 0))
    return usage(
      io,
      "give one source: a tools/list JSON file, a URL, or -- and the server's command",
    );
  const timeout = Number(parsed.values.timeout ?? "30");
  if (!(timeout > 0 && timeout <= 3600))
    return usage(io, "--timeout takes seconds, from 1 to 3600");

  if (parsed.values["dry-run"] && parsed.values.check)
    return usage(io, "give --dry-run or --check, not both");
  let target: ImportTarget = {
    out: path.resolve(io.cwd, parsed.values.out ?? "tools.yaml"),
    force: parsed.values.force ?? false,
    mode: parsed.values.check
      ? "check"
      : parsed.values["dry-run"]
        ? "dry-run"
        : "write",
    source: "",
    runtime: "",
  };
  const refused = importRefusal(target, io);
  if (refused !== null) {
    io.err(`toolgen import: ${refused}. Nothing was written.\n`);
    return EXIT.invalid;
  }

  let list: McpToolList;
  const shown = source ?? command.join(" ");
  try {
    list =
      source === undefined
        ? await listOverStdio(command, timeout * 1000)
        : /^https?:\/\//i.test(source)
          ? await listOverHttp(source, timeout * 1000)
          : readSavedList(path.resolve(io.cwd, source));
  } catch (e) {
    if (!(e instanceof ImportSourceError)) throw e;
    io.err(`toolgen import: ${e.message}. Nothing was written.\n`);
    return EXIT.invalid;
  }
  const derived = derivedNames(
    parsed.values.name ?? list.name ?? path.basename(shown),
  );
  const doc = mcpImportDoc(list, {
    base: derived.base,
    section: parsed.values.section ?? derived.section,
    source: shown,
  });
  target = { ...target, source: shown, runtime: `${derived.base}-runtime` };

  return writeImport(doc, target, io);
}

function usage(io: Io, message: string): number {
  io.err(
    `toolgen import: ${message}\nRun toolgen import --help for the options.\n`,
  );
  return EXIT.invalid;
}
