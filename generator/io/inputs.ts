import fs from "node:fs";
import path from "node:path";
import {
  PARTIALS_FOLDER,
  TEMPLATE_NAMES,
  type PartialText,
  type TemplateFolder,
} from "../read/templates.js";
import { packageRoot } from "../package-root.js";
import { parseSpec, type ParseResult } from "../read/parse.js";
import type { RuntimeFile, RuntimeFiles } from "../runtime-files.js";
import type { GenerateInputs, SpecInput } from "../types.js";
import { listFiles } from "./tree.js";

/** toolgen's own templates: the shapes the platform's agents already read. */
export const defaultTemplatesFolder = path.join(
  packageRoot,
  "templates",
  "docs",
);

/** Where `npm run build` puts the compiled hand-written runtime that emitters copy into packages. */
export const runtimeDist = path.join(packageRoot, "dist", "runtime");

export interface GatherOptions {
  /** The working folder (absolute): messages show template paths inside it relative to it. */
  readonly cwd: string;
  /** Overrides the spec's own docs.templates folder (absolute). */
  readonly templates?: string;
}

/** Everything generate() reads besides the spec's text, read from disk: the only reading it needs. */
export function gatherInputs(
  spec: SpecInput,
  options: GatherOptions,
): GenerateInputs {
  // Read once here, for its templates setting; generate() goes on from this reading.
  const read = parseSpec(spec.file, spec.text);
  const userFolder = options.templates ?? templatesSetting(spec, read);
  return {
    spec,
    read,
    cwd: options.cwd,
    templates: {
      defaults: readTemplateFolder(defaultTemplatesFolder),
      user: userFolder === undefined ? null : readTemplateFolder(userFolder),
    },
    runtime: readRuntime(),
  };
}

/**
 * The spec's targets.docs.templates, resolved against its folder; undefined when it sets none.
 * A spec that cannot be read or holds no text there is left for generate() to report on.
 */
function templatesSetting(
  spec: SpecInput,
  parsed: ParseResult,
): string | undefined {
  if (!parsed.ok) return undefined;
  const setting = (
    parsed.spec.value as {
      targets?: { docs?: { templates?: unknown } };
    } | null
  )?.targets?.docs?.templates;
  return typeof setting === "string"
    ? path.resolve(spec.dir, setting)
    : undefined;
}

/** The files of a templates folder, the text of each template among them, and its partials. */
export function readTemplateFolder(folder: string): TemplateFolder {
  const names = listFolder(folder);
  const texts = new Map<string, string | { error: string }>();
  for (const name of TEMPLATE_NAMES)
    if (names?.includes(name))
      texts.set(name, readText(path.join(folder, name)));
  const partials =
    names === null ? [] : readPartials(path.join(folder, PARTIALS_FOLDER));
  return { folder, names, texts, partials };
}

/**
 * The `.hbs` files below a partials folder, at any depth (links followed), each named by its
 * path there without `.hbs` (`a/b.hbs` is `a/b`), in sorted order; none when there is no folder.
 */
function readPartials(root: string): PartialText[] {
  const found: PartialText[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let real: string;
    let entries: string[];
    try {
      real = fs.realpathSync(dir);
      entries = fs.readdirSync(dir);
    } catch {
      return;
    }
    // A link back up the tree would never end.
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of entries.sort()) {
      const full = path.join(dir, entry);
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(full, `${prefix}${entry}/`);
      else if (stat?.isFile() && entry.endsWith(".hbs"))
        found.push({
          name: `${prefix}${entry.slice(0, -".hbs".length)}`,
          text: readText(full),
        });
    }
  };
  walk(root, "");
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A file's text, or the error code of its reading. */
function readText(file: string): string | { error: string } {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== "string") throw e;
    return { error: code };
  }
}

function listFolder(folder: string): string[] | null {
  try {
    // statSync follows links: a template may be a symlink into a shared folder.
    return fs
      .readdirSync(folder)
      .filter((name) =>
        fs
          .statSync(path.join(folder, name), { throwIfNoEntry: false })
          ?.isFile(),
      );
  } catch {
    return null;
  }
}

/**
 * The bundled runtime by kind (client, mcp, langchain…): each kind's module and declarations with
 * the chunks it needs (dist/runtime/kinds.json), by path under dist/runtime/. Not built: empty.
 */
export function readRuntime(): RuntimeFiles {
  let kinds: Record<string, string[]>;
  try {
    kinds = JSON.parse(
      fs.readFileSync(path.join(runtimeDist, "kinds.json"), "utf8"),
    ) as Record<string, string[]>;
  } catch {
    return {};
  }
  const read = (p: string) => ({
    path: p,
    content: fs.readFileSync(path.join(runtimeDist, p), "utf8"),
  });
  return {
    ...Object.fromEntries(
      Object.entries(kinds).map(([kind, chunks]) => [
        kind,
        [`${kind}.d.ts`, `${kind}.js`, ...chunks].map(read),
      ]),
    ),
    python: readPythonRuntime(),
  };
}

/** toolgen's Python runtime (runtime/python/toolgen_core/*.py), as written: copied into each Python package. */
export function readPythonRuntime(): RuntimeFile[] {
  const dir = path.join(packageRoot, "runtime", "python", "toolgen_core");
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".py"));
  } catch {
    return [];
  }
  return names.sort().map((name) => ({
    path: name,
    content: fs.readFileSync(path.join(dir, name), "utf8"),
  }));
}

/** A spec's text as a SpecInput, naming it relative to the working folder `cwd` (absolute) in messages. */
export function specInput(
  specPath: string,
  text: string,
  cwd: string,
): SpecInput {
  const abs = path.resolve(cwd, specPath);
  const rel = path.relative(cwd, abs);
  return {
    file: rel && !rel.startsWith("..") ? rel.split(path.sep).join("/") : abs,
    text,
    dir: path.dirname(abs),
  };
}
