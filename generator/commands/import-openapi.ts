import path from "node:path";
import { parseArgs } from "node:util";
import {
  formatDiagnostic,
  gatherInputs,
  checkGenerates,
  specInput,
  SpecError,
} from "../index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import { renderImport } from "../import/import-doc.js";
import { fitted } from "../import/openapi-fit.js";
import { importOpenApi } from "../import/openapi-import.js";
import { parseFilter, type Filter } from "../import/openapi-names.js";
import { OpenApiError, readOpenApi } from "../import/openapi-source.js";
import { printable } from "../../runtime/shared/printable.js";
import { WRITE_OPTIONS, writeImport } from "./import-write.js";
import { EXIT, type Io } from "./io.js";

export const IMPORT_OPENAPI_HELP = `Usage: toolgen import openapi <openapi.yaml | openapi.json> [options]

Writes tools.yaml from an OpenAPI 3.0 or 3.1 document (a local file, JSON or
YAML): one HTTP tool per operation, its input from the parameters and the JSON
body, its binding the request the operation describes, the client's base URL
and credential from the servers and the security scheme. What the spec cannot
carry is reported at the end, each with its place in the document
(docs/import.md).

Options:
  --include <filter>   import only the operations a filter selects (repeatable):
                       tag:<tag>, path:<glob> (* one segment, ** any) or
                       op:<operationId glob>
  --exclude <filter>   leave out the operations a filter selects (repeatable)
  --out <file>         the spec to write (default: tools.yaml)
  --name <base>        the base of the package, bin and environment names
                       (default: from info.title)
  --force              replace the spec whole when it exists (without it, the
                       imported tools are updated in it and your edits kept)
  --dry-run            report what the import would change; write nothing
  --check              as --dry-run, and exit 1 when the spec would change
  -h, --help           show this help
`;

/** `toolgen import openapi …`: argv (after `openapi`) in, exit code out. */
export function runOpenApiImport(argv: readonly string[], io: Io): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        ...WRITE_OPTIONS,
        include: { type: "string", multiple: true },
        exclude: { type: "string", multiple: true },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    return usage(io, (e as Error).message);
  }
  if (parsed.values.help) {
    io.out(IMPORT_OPENAPI_HELP);
    return EXIT.ok;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0)
    return usage(
      io,
      "give one OpenAPI document: toolgen import openapi <file>",
    );
  const filters = (list: string[] | undefined): Filter[] | string => {
    const out: Filter[] = [];
    for (const text of list ?? []) {
      const f = parseFilter(text);
      if (typeof f === "string") return f;
      out.push(f);
    }
    return out;
  };
  const include = filters(parsed.values.include);
  const exclude = filters(parsed.values.exclude);
  if (typeof include === "string") return usage(io, `--include ${include}`);
  if (typeof exclude === "string") return usage(io, `--exclude ${exclude}`);

  if (parsed.values["dry-run"] && parsed.values.check)
    return usage(io, "give --dry-run or --check, not both");
  const out = path.resolve(io.cwd, parsed.values.out ?? "tools.yaml");
  let imported;
  try {
    const source = readOpenApi(path.resolve(io.cwd, file), file);
    imported = importOpenApi(source, {
      ...(parsed.values.name === undefined ? {} : { name: parsed.values.name }),
      include,
      exclude,
      shown: file,
    });
  } catch (e) {
    if (!(e instanceof OpenApiError)) throw e;
    for (const problem of e.problems) io.err(`${printable(problem)}\n`);
    io.err(
      `toolgen import: ${file} cannot be imported (above); nothing was written.\n`,
    );
    return EXIT.invalid;
  }

  // A tool toolgen refuses (its check of a schema) is left out and reported; a refusal of
  // anything else stops the import before anything is written.
  const check = (text: string): readonly Diagnostic[] => {
    try {
      checkGenerates(
        gatherInputs(specInput(out, text, io.cwd), { cwd: io.cwd }),
      );
      return [];
    } catch (e) {
      if (!(e instanceof SpecError)) throw e;
      return e.diagnostics;
    }
  };
  const { doc, text, errors } = fitted(
    imported.doc,
    imported.places,
    renderImport,
    check,
  );
  if (errors.length > 0 || doc.tools.length === 0) {
    for (const d of errors.slice(0, 50))
      io.err(`${formatDiagnostic(d, text)}\n\n`);
    if (errors.length > 50) io.err(`… and ${errors.length - 50} more\n`);
    io.err(
      `toolgen import: toolgen cannot generate the spec imported from ${file} (above); nothing was written.\n`,
    );
    return EXIT.invalid;
  }
  return writeImport(
    doc,
    {
      out,
      force: parsed.values.force ?? false,
      mode: parsed.values.check
        ? "check"
        : parsed.values["dry-run"]
          ? "dry-run"
          : "write",
      source: file,
      runtime: "", // no stub: an HTTP API's tools are not local
      checked: text,
    },
    io,
  );
}

function usage(io: Io, message: string): number {
  io.err(
    `toolgen import openapi: ${message}\nRun toolgen import openapi --help for the options.\n`,
  );
  return EXIT.invalid;
}
