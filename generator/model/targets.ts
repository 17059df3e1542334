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
