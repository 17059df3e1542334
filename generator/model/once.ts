import type { Model } from "./types.js";

/**
 * `compute` made once per model: the model is read-only, so what is derived from it alone is the
 * same for every emitter that asks (the Python package's spec.json carries the data of the
 * TypeScript packages again; each part is built once a run, not once a package).
 */
export function oncePerModel<T>(
  compute: (model: Model) => T,
): (model: Model) => T {
  const made = new WeakMap<Model, T>();
  return (model) => {
    if (!made.has(model)) made.set(model, compute(model));
    return made.get(model) as T;
  };
}
