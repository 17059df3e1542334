import { refTarget } from "../shared/pointer.js";
import { isRecord } from "../shared/record.js";

/**
 * A property's schema as the command line reads it: a local `$ref` (`#/$defs/x`, any JSON
 * pointer into the tool's input schema `root`) replaced by what it points at, the keywords beside
 * the ref kept over it, and `items` resolved the same way. A ref that points nowhere, or goes
 * round in circles, is left as it is: the value is then read as text, and the client's validation
 * (which follows every ref) still checks it. The generator reads schemas through this function
 * too, so that the prompt docs and the CLI agree on which inputs are flags.
 */
export function resolveLocal(schema: unknown, root: unknown): unknown {
  const own = follow(schema, root);
  if (!isRecord(own) || own.items === undefined) return own;
  return { ...own, items: follow(own.items, root) };
}

/** More hops than any sane chain of refs; beyond them the ref is left unresolved. */
const MAX_HOPS = 32;

function follow(schema: unknown, root: unknown): unknown {
  let current = schema;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (!isRecord(current) || typeof current.$ref !== "string") return current;
    const target = refTarget(root, current.$ref);
    if (!isRecord(target)) return current;
    const { $ref: _followed, ...beside } = current;
    current = { ...target, ...beside };
  }
  return current;
}
