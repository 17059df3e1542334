import type { Model, Targets } from "./types.js";

/** The names of the targets, in the order their packages are emitted. */
export type TargetName = keyof Targets;

/**
 * A declared target's settings, for the code that runs only when it is declared: its emitter,
 * or another target's that validation holds to need it (mcp, langchain and cli need client).
 */
export function declared<K extends TargetName>(
  model: Model,
  target: K,
): NonNullable<Targets[K]> {
  const settings = model.targets[target];
  if (settings === null)
    throw new Error(
      `targets.${target} is read but the spec does not declare it`,
    );
  return settings as NonNullable<Targets[K]>;
}

/**
 * How the prompt docs spell the CLI's command, or null: no CLI. The cli target's program; else
 * the Python target's console script, or `python -m <module>.cli` when it names none.
 */
export function cliProgram(model: Model): string | null {
  const { cli, python } = model.targets;
  if (cli !== null) return cli.program;
  if (python !== null) return python.cli ?? `python -m ${python.module}.cli`;
  return null;
}

/** Whether a CLI is generated (the cli or the Python target), so that sections' `cli:` blocks take effect. */
export function declaresCli(declared: ReadonlySet<string>): boolean {
  return declared.has("cli") || declared.has("python");
}
