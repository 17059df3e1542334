/**
 * Freezes a value and everything reachable from it through its own enumerable properties
 * (arrays and objects alike), and returns it. An object already frozen is taken as frozen all
 * the way down and not entered: the client's frozen schemas are shared by every table built
 * over them, and a cycle ends there too (each object is frozen before its values are visited).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
