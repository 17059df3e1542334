import fs from "node:fs";
import path from "node:path";
import {
  TEMPLATE_NAMES,
  type TemplateFolder,
} from "../emitters/docs/templates.js";
import type { GenerateInputs, SpecInput } from "../index.js";
import { packageRoot } from "../package-root.js";
import { parseSpec } from "../read/parse.js";
import type { RuntimeFiles } from "../runtime-files.js";
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
  const userFolder = options.templates ?? templatesSetting(spec);
  return {
    spec,
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
 * A spec that never writes the word sets none, and is not read a second time to find out.
 * A spec that cannot be read or holds no text there is left for generate() to report on.
 */
function templatesSetting(spec: SpecInput): string | undefined {
  if (!spec.text.includes("templates")) return undefined;
  const parsed = parseSpec(spec.file, spec.text);
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

/** The files of a templates folder and the text of each template among them. */
export function readTemplateFolder(folder: string): TemplateFolder {
  const names = listFolder(folder);
  const texts = new Map<string, string | { error: string }>();
  for (const name of TEMPLATE_NAMES) {
    if (!names?.includes(name)) continue;
    try {
      texts.set(name, fs.readFileSync(path.join(folder, name), "utf8"));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (typeof code !== "string") throw e;
      texts.set(name, { error: code });
    }
  }
  return { folder, names, texts };
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

/** Every file of the compiled runtime, by folder; a folder missing (runtime not built) is simply absent. */
export function readRuntime(): RuntimeFiles {
  const folders = fs.existsSync(runtimeDist)
    ? fs
        .readdirSync(runtimeDist, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  return Object.fromEntries(
    folders.map((folder) => {
      const root = path.join(runtimeDist, folder);
      return [
        folder,
        listFiles(root).map((p) => ({
          path: p,
          content: fs.readFileSync(path.join(root, p), "utf8"),
        })),
      ];
    }),
  );
}
