import fs from "node:fs";
import path from "node:path";
import {
  formatDiagnostic,
  gatherInputs,
  generate,
  loadSpec,
  specInput,
  SpecError,
  type Diagnostic,
} from "../index.js";
import { diffSpecs, type Change } from "../breaking/index.js";
import { renderImport, type ImportDoc } from "../import/import-doc.js";
import { mergeImport } from "../import/merge.js";
import { runtimeStub } from "../import/runtime-stub.js";
import { writeAtomic } from "../io/write.js";
import { MAX_SPEC_BYTES } from "../read/bounded.js";
import { decodeSpec } from "../read/encoding.js";
import { EXIT, type Io } from "./io.js";
import { changeText } from "./report-diff-text.js";

/** Where and how an import writes, whatever its source. */
export interface ImportTarget {
  /** The spec to write, absolute. */
  readonly out: string;
  /** Replace the spec and runtime/ whole instead of updating the spec. */
  readonly force: boolean;
  /** Report only: `dry-run` writes nothing; `check` too, and exits 1 when the spec would change. */
  readonly mode: "write" | "dry-run" | "check";
  /** The source as shown in messages. */
  readonly source: string;
  /** The runtime package's name (runtime/package.json). */
  readonly runtime: string;
}

/** The folder of the runtime stub, beside the spec. */
export function stubDir(out: string): string {
  return path.join(path.dirname(out), "runtime");
}

/**
 * Why an import cannot start (before its source is read): runtime/ exists without the spec, and
 * would be replaced. With the spec there, an import updates it; --force replaces both.
 */
export function importRefusal(target: ImportTarget, io: Io): string | null {
  if (target.force || fs.existsSync(target.out)) return null;
  const stub = stubDir(target.out);
  if (!fs.existsSync(stub) || target.mode !== "write") return null;
  return `${path.relative(io.cwd, stub) || stub} exists without ${path.relative(io.cwd, target.out)}; --force replaces it`;
}

/**
 * Writes an import: a new spec (and runtime/) when there is none or with --force, else the
 * import merged into the existing spec (merge.ts), the runtime/ the user writes left alone. The
 * result must generate before anything is written; the changes are reported as `toolgen diff`
 * reports them.
 */
export function writeImport(
  doc: ImportDoc,
  target: ImportTarget,
  io: Io,
): number {
  const file = specInput(target.out, "", io.cwd).file;
  const dir = path.dirname(target.out);
  const update = !target.force && fs.existsSync(target.out);
  let before: string | null = null;
  let text: string;
  let added: readonly string[];
  const notes = [...doc.notes];
  if (update) {
    try {
      before = decodeSpec(file, fs.readFileSync(target.out));
      loadSpec({ file, text: before, dir });
    } catch (e) {
      if (!(e instanceof SpecError)) throw e;
      printErrors(e.diagnostics, before ?? "", io);
      io.err(
        `toolgen import: ${file} has errors (above): fix them to import into it, or --force to replace it. Nothing was written.\n`,
      );
      return EXIT.invalid;
    }
    const merged = mergeImport(before, doc);
    text = merged.text;
    added = merged.added;
    notes.push(...merged.notes);
  } else {
    text = renderImport(doc);
    added = doc.tools.map((t) => t.tool.name as string);
  }

  // A spec gen would not read (read/bounded.ts) is refused here, said in one line.
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_SPEC_BYTES) {
    io.err(
      `toolgen import: the spec would hold ${bytes} bytes, more than the ${MAX_SPEC_BYTES} toolgen reads (a tool's description is written twice: as when_to_use, and as short or a target's description). Nothing was written.\n`,
    );
    return EXIT.invalid;
  }
  // The spec must generate: toolgen refuses what it cannot serve, before anything is written.
  try {
    generate(
      gatherInputs(specInput(target.out, text, io.cwd), { cwd: io.cwd }),
    );
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    printErrors(e.diagnostics, text, io);
    io.err(
      `toolgen import: toolgen cannot serve these tools as the source lists them (above); nothing was written.\n`,
    );
    return EXIT.invalid;
  }
  const changes =
    before === null || before === text ? [] : diff(file, dir, before, text);
  const writing = target.mode === "write";
  const stub = stubDir(target.out);
  const writeStub = target.force || !fs.existsSync(stub);
  if (writing && before !== text) writeAtomic(target.out, text);
  if (writing && writeStub)
    for (const [name, content] of Object.entries(
      runtimeStub(
        target.runtime,
        doc.tools.map((t) => t.tool.name as string),
      ),
    ))
      writeAtomic(path.join(stub, name), content);

  if (update) io.out(changeReport(changes, text));
  io.out(summary(file, target, before, text, changes, doc));
  if (writing && writeStub)
    io.out(`runtime/: the handlers to write, one per tool\n`);
  else if (added.length > 0)
    io.out(
      `runtime/ is yours: add the handler${added.length > 1 ? "s" : ""} of ${added.map((n) => JSON.stringify(n)).join(", ")}\n`,
    );
  for (const note of notes) io.err(`note: ${note}\n`);
  if (!update && writing)
    io.out(`Next: npm run gen, then write the handlers in runtime/index.js.\n`);
  return target.mode === "check" && before !== text ? EXIT.drift : EXIT.ok;
}

/** The changes of the tool surface from the existing spec to the updated one. */
function diff(
  file: string,
  dir: string,
  before: string,
  after: string,
): readonly Change[] {
  const base = loadSpec({ file, text: before, dir });
  const current = loadSpec({ file, text: after, dir });
  return diffSpecs(base, current).changes;
}

function changeReport(changes: readonly Change[], text: string): string {
  return changes.map((c) => `${changeText(c, text)}\n`).join("");
}

function summary(
  file: string,
  target: ImportTarget,
  before: string | null,
  text: string,
  changes: readonly Change[],
  doc: ImportDoc,
): string {
  const count = `${doc.tools.length} tool(s) from ${target.source}`;
  const would = target.mode === "write" ? "" : " (nothing written)";
  if (before === null)
    return `toolgen import: ${file}: ${count}${target.mode === "write" ? "" : ", would be written"}${would}\n`;
  if (before === text)
    return `toolgen import: ${file}: nothing changed (${count})\n`;
  const tools = (change: string) =>
    changes.filter((c) => c.change === change).length;
  const changed = new Set(
    changes
      .filter((c) => c.change !== "tool-added" && c.change !== "tool-removed")
      .map((c) => c.tool),
  ).size;
  const breaking = changes.filter((c) => c.class === "breaking");
  const acknowledged = breaking.filter((c) => c.acknowledged !== undefined);
  const counts = `${breaking.length} breaking${acknowledged.length > 0 ? ` (${acknowledged.length} acknowledged)` : ""}, ${changes.length - breaking.length} compatible`;
  const verb =
    target.mode === "write" ? "updated" : "would be updated (nothing written)";
  const head = `toolgen import: ${file} ${verb} from ${target.source}: ${tools("tool-added")} tool(s) added, ${tools("tool-removed")} removed, ${changed} changed; ${counts}\n`;
  // As toolgen diff would say in CI, before the release.
  return breaking.length === acknowledged.length
    ? head
    : `${head}A change above breaks agents or callers already deployed: acknowledge it for this release in acknowledged_breaks ({ tool, change, reason }).\n`;
}

function printErrors(
  diagnostics: readonly Diagnostic[],
  text: string,
  io: Io,
): void {
  for (const d of diagnostics) io.err(`${formatDiagnostic(d, text)}\n\n`);
}
