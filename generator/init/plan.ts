import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emitters/types.js";
import { gatherInputs } from "../io/inputs.js";
import { generate, specInput, type Diagnostic } from "../index.js";
import { appendedText, hasLine, LINE_RULES } from "./lines.js";
import { projectNames } from "./names.js";
import { mergeRootPackage, newRootPackage } from "./root-package.js";
import { initTexts } from "./texts.js";
import { workflowPlace } from "./workflow.js";

/** What init does to one path of the project: create it, change it, leave it (skip), or cannot (conflict). */
export type InitStatus = "create" | "change" | "skip" | "conflict";

export type InitAction =
  | { readonly kind: "mkdir" }
  | { readonly kind: "create"; readonly content: string }
  | { readonly kind: "append"; readonly text: string; readonly before: string }
  | {
      readonly kind: "rewrite";
      readonly content: string;
      readonly before: string;
    }
  | { readonly kind: "generate"; readonly files: readonly GeneratedFile[] };

export interface InitStep {
  /** Relative to the project folder, `/`-separated; a folder ends with `/` ("" is the folder itself). */
  readonly path: string;
  readonly status: InitStatus;
  /** What was (or would be) done, or why it cannot be: one line. */
  readonly detail: string;
  /** What applying the plan does here; absent when the step is skipped or a conflict. */
  readonly action?: InitAction;
}

export interface InitPlan {
  /** The project folder (absolute). */
  readonly folder: string;
  readonly steps: readonly InitStep[];
  /** Warnings of the first generation (none for init's own example). */
  readonly warnings: readonly Diagnostic[];
  /**
   * Whether the project's package.json lists toolgen among its dependencies: the scripts and the
   * workflow run it from node_modules, and init does not add it (toolgen is not on the registry).
   */
  readonly toolgenListed: boolean;
}

export const SPEC = "tools.yaml";
export const OUT = "generated/";

/**
 * Everything `toolgen init` would do in `folder`, decided before anything is written: it reads
 * the folder and touches nothing. A step that would replace what is there is a conflict, and a
 * plan with a conflict is never applied (applyInit refuses it).
 */
export function planInit(folder: string): InitPlan {
  const abs = path.resolve(folder);
  const steps: InitStep[] = [];
  const kind = statKind(abs);
  if (kind === "file")
    return {
      folder: abs,
      warnings: [],
      toolgenListed: false,
      steps: [
        { path: "", status: "conflict", detail: "is a file, not a folder" },
      ],
    };
  if (kind === "none")
    steps.push({
      path: "",
      status: "create",
      detail: "the folder did not exist",
      action: { kind: "mkdir" },
    });

  const pkgText = readText(abs, "package.json");
  const names = projectNames(abs, packageName(pkgText));
  const workflow = workflowPlace(abs, names.name);
  const texts = initTexts(names, workflow.workingDirectory);

  const spec = wholeFile(
    abs,
    SPEC,
    texts.spec,
    "an example spec with one tool, get_item",
  );
  steps.push(spec, packageStep(pkgText, names.name));
  for (const rule of LINE_RULES) {
    const text = readText(abs, rule.file);
    if (text === undefined)
      steps.push({
        path: rule.file,
        status: "create",
        detail: `${rule.line} (${rule.why})`,
        action: { kind: "create", content: `${rule.line}\n` },
      });
    else if (typeof text !== "string") steps.push(notAFile(rule.file));
    else if (hasLine(text, rule))
      steps.push({
        path: rule.file,
        status: "skip",
        detail: `already has ${rule.line}`,
      });
    else
      steps.push({
        path: rule.file,
        status: "change",
        detail: `added ${rule.line} (${rule.why})`,
        action: {
          kind: "append",
          text: appendedText(text, rule.line),
          before: text,
        },
      });
  }
  steps.push(
    wholeFile(
      abs,
      workflow.path,
      texts.workflow,
      workflow.workingDirectory === null
        ? "runs npm ci and the drift gate, npm run gen:check"
        : `runs npm ci and the drift gate, npm run gen:check, in ${workflow.workingDirectory} (GitHub reads workflows only at the repository's root)`,
    ),
  );

  const warnings: Diagnostic[] = [];
  if (statKind(path.join(abs, OUT)) !== "none")
    steps.push({
      path: OUT,
      status: "skip",
      detail: "already there (npm run gen updates it)",
    });
  // A plan with a conflict is never applied: no first generation to prepare.
  else if (!steps.some((s) => s.status === "conflict")) {
    const inputs = gatherInputs(
      specInput(path.join(abs, SPEC), texts.spec, abs),
      { cwd: abs },
    );
    const generated = generate(inputs);
    warnings.push(...generated.warnings);
    steps.push({
      path: OUT,
      status: "create",
      detail: `the first generation from ${SPEC} (${generated.files.length} files), so npm install links its packages`,
      action: { kind: "generate", files: generated.files },
    });
  }
  return { folder: abs, steps, warnings, toolgenListed: listsToolgen(pkgText) };
}

const DEPENDENCY_KEYS = [
  "dependencies",
  "devDependencies",
  "optionalDependencies",
] as const;

function listsToolgen(text: string | undefined | { folder: true }): boolean {
  if (typeof text !== "string") return false;
  try {
    const pkg = JSON.parse(text.replace(/^\ufeff/, "")) as Record<
      string,
      unknown
    > | null;
    return DEPENDENCY_KEYS.some((key) => {
      const deps = pkg?.[key];
      return typeof deps === "object" && deps !== null && "toolgen" in deps;
    });
  } catch {
    return false;
  }
}

/** A file init writes whole: created when absent, skipped when it already holds exactly that, else a conflict. */
function wholeFile(
  folder: string,
  file: string,
  content: string,
  what: string,
): InitStep {
  const text = readText(folder, file);
  if (text === undefined)
    return {
      path: file,
      status: "create",
      detail: what,
      action: { kind: "create", content },
    };
  if (typeof text !== "string") return notAFile(file);
  if (text === content)
    return { path: file, status: "skip", detail: "already init's" };
  return {
    path: file,
    status: "conflict",
    detail: "exists with other content, and init never replaces a file",
  };
}

function packageStep(
  text: string | undefined | { folder: true },
  name: string,
): InitStep {
  const file = "package.json";
  if (text === undefined)
    return {
      path: file,
      status: "create",
      detail: `named ${name}, with the gen and gen:check scripts and the generated/* workspace`,
      action: { kind: "create", content: newRootPackage(name) },
    };
  if (typeof text !== "string") return notAFile(file);
  const merged = mergeRootPackage(text);
  if (!merged.ok)
    return {
      path: file,
      status: "conflict",
      detail: merged.problems.join("; "),
    };
  if (merged.text === null)
    return {
      path: file,
      status: "skip",
      detail:
        "already has the gen and gen:check scripts and the generated/* workspace",
    };
  return {
    path: file,
    status: "change",
    detail: `added ${merged.added.join(", ")}`,
    action: { kind: "rewrite", content: merged.text, before: text },
  };
}

function notAFile(file: string): InitStep {
  return { path: file, status: "conflict", detail: "is a folder, not a file" };
}

/** package.json's name when the text holds one; anything unreadable is left to packageStep to report. */
function packageName(text: string | undefined | { folder: true }): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return (
      JSON.parse(text.replace(/^\ufeff/, "")) as { name?: unknown } | null
    )?.name;
  } catch {
    return undefined;
  }
}

/** A file's text; undefined when there is nothing at that path; `{ folder: true }` when a folder is. */
function readText(
  folder: string,
  file: string,
): string | undefined | { folder: true } {
  const full = path.join(folder, file);
  const kind = statKind(full);
  if (kind === "none") return undefined;
  if (kind === "folder") return { folder: true };
  return fs.readFileSync(full, "utf8");
}

function statKind(full: string): "none" | "file" | "folder" {
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  return stat === undefined ? "none" : stat.isDirectory() ? "folder" : "file";
}
