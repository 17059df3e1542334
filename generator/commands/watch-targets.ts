import fs from "node:fs";
import path from "node:path";
import { asRecord, isRecord } from "../../runtime/shared/record.js";

/** A folder --watch listens to. */
export interface WatchTarget {
  /** Absolute. */
  readonly dir: string;
  /** Only this entry of the folder (the spec's file name); every entry when absent. */
  readonly name?: string;
  /** Its subfolders too (but node_modules, dot folders and the output folder). */
  readonly below: boolean;
  /** How the notice names it. */
  readonly label: string;
}

export interface WatchInputs {
  readonly specPath: string;
  /** The spec's value as the last run read it; undefined when it could not. */
  readonly specValue?: unknown;
  /** --templates, absolute, when given. */
  readonly templates?: string;
  readonly cwd: string;
}

/**
 * What a gen run read besides toolgen's own files: the spec (its folder, so that an editor's
 * save by rename is seen), the user's template folder (--templates, else targets.docs.templates),
 * and the folder of each runtime package the spec names (targets.<target>.runtime, but Python's), found as
 * Node finds it from the spec's folder (node_modules/<name> there or above, links followed).
 * A runtime package that does not resolve is listed in `unresolved` and not watched.
 */
export function watchTargets(inputs: WatchInputs): {
  targets: WatchTarget[];
  unresolved: string[];
} {
  const shown = (p: string) => path.relative(inputs.cwd, p) || ".";
  const specDir = path.dirname(inputs.specPath);
  const targets: WatchTarget[] = [
    {
      dir: specDir,
      name: path.basename(inputs.specPath),
      below: false,
      label: shown(inputs.specPath),
    },
  ];
  const settings = specSettings(inputs);
  const templates =
    inputs.templates ??
    (settings.templates === undefined
      ? undefined
      : path.resolve(specDir, settings.templates));
  if (templates !== undefined)
    targets.push({
      dir: templates,
      below: true,
      label: `${shown(templates)}/`,
    });
  const unresolved: string[] = [];
  for (const name of settings.runtimes) {
    const dir = packageFolder(name, specDir);
    if (dir === undefined) unresolved.push(name);
    else targets.push({ dir, below: true, label: name });
  }
  return { targets, unresolved };
}

/** targets.docs.templates and every targets.<target>.runtime the spec sets, as the run read it. */
function specSettings(inputs: WatchInputs): {
  templates?: string;
  runtimes: string[];
} {
  const targets = asRecord(inputs.specValue).targets;
  if (!isRecord(targets)) return { runtimes: [] };
  // targets.python.runtime is a Python module path (read by Python at run time), no npm package.
  const entries = Object.entries(targets)
    .filter(([target]) => target !== "python")
    .map(([, settings]) => asRecord(settings));
  const docs = asRecord(targets.docs);
  const runtimes = entries
    .map((t) => t.runtime)
    .filter((r): r is string => typeof r === "string" && PACKAGE_NAME.test(r));
  return {
    templates: typeof docs.templates === "string" ? docs.templates : undefined,
    runtimes: [...new Set(runtimes)].sort(),
  };
}

/** An npm package name: nothing that could climb out of node_modules. */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** The real folder of package `name` as seen from `from`, or undefined. */
function packageFolder(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json")))
      return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}
