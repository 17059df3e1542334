import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  formatDiagnostic,
  gatherInputs,
  generate,
  specInput,
  SpecError,
} from "../index.js";
import { writeAtomic } from "../io/write.js";
import {
  ImportSourceError,
  listOverHttp,
  listOverStdio,
  readSavedList,
  type McpToolList,
} from "../import/mcp-source.js";
import { renderImport } from "../import/import-doc.js";
import { derivedNames, mcpImportDoc } from "../import/mcp-spec.js";
import { runtimeStub } from "../import/runtime-stub.js";
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

Options:
  --out <file>         the spec to write (default: tools.yaml)
  --name <base>        the base of the package, bin and environment names
                       (default: from the server's name)
  --section <id>       the section of the tools (default: the base)
  --timeout <seconds>  how long a server has to list its tools (default: 30)
  --force              replace the spec and runtime/ when they exist
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
        help: { type: "boolean", short: "h" },
        out: { type: "string" },
        name: { type: "string" },
        section: { type: "string" },
        timeout: { type: "string" },
        force: { type: "boolean" },
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
        ? "say what to import from: toolgen import mcp …"
        : `cannot import from ${JSON.stringify(kind)}: toolgen import mcp …`,
    );
  if (extra.length > 0 || (source === undefined) === (command.length === 0))
    return usage(
      io,
      "give one source: a tools/list JSON file, a URL, or -- and the server's command",
    );
  const timeout = Number(parsed.values.timeout ?? "30");
  if (!(timeout > 0 && timeout <= 3600))
    return usage(io, "--timeout takes seconds, from 1 to 3600");

  const out = path.resolve(io.cwd, parsed.values.out ?? "tools.yaml");
  const stubDir = path.join(path.dirname(out), "runtime");
  if (!parsed.values.force) {
    const there = [out, stubDir].filter((p) => fs.existsSync(p));
    if (there.length > 0) {
      io.err(
        `toolgen import: ${there.map((p) => path.relative(io.cwd, p) || p).join(" and ")} already exist${there.length > 1 ? "" : "s"}; --force replaces ${there.length > 1 ? "them" : "it"}. Nothing was written.\n`,
      );
      return EXIT.invalid;
    }
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
  const spec = {
    text: renderImport(doc),
    tools: doc.tools.map((t) => t.tool.name as string),
    notes: doc.notes,
  };

  // The spec must generate: toolgen refuses what it cannot serve exactly, before anything is written.
  const file = path.relative(io.cwd, out) || path.basename(out);
  try {
    generate(
      gatherInputs(specInput(file, spec.text, path.dirname(out)), {
        cwd: io.cwd,
      }),
    );
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    for (const d of e.diagnostics)
      io.err(`${formatDiagnostic(d, spec.text)}\n\n`);
    io.err(
      `toolgen import: toolgen cannot serve these tools as the source lists them (above); nothing was written.\n`,
    );
    return EXIT.invalid;
  }
  writeAtomic(out, spec.text);
  for (const [name, content] of Object.entries(
    runtimeStub(`${derived.base}-runtime`, spec.tools),
  ))
    writeAtomic(path.join(stubDir, name), content);
  io.out(
    `toolgen import: ${file}: ${spec.tools.length} tool(s) from ${shown}; runtime/: the handlers to write\n`,
  );
  for (const note of spec.notes) io.err(`note: ${note}\n`);
  io.out(`Next: npm run gen, then write the handlers in runtime/index.js.\n`);
  return EXIT.ok;
}

function usage(io: Io, message: string): number {
  io.err(
    `toolgen import: ${message}\nRun toolgen import --help for the options.\n`,
  );
  return EXIT.invalid;
}
