import { isRecord } from "./record.js";

/**
 * What a local ref (`#`, `#/a/b`) points at in `root`; undefined: nothing. Each step of the
 * pointer is decoded on its own, %-escapes first, then `~1` (a `/`) and `~0` (a `~`), as ajv
 * reads a ref, so that `#/$defs/a%2Fb` and `#/$defs/a~1b` both name the key `a/b` and never the
 * path `a` → `b`. A step reads an array only by a canonical index and an object only by its own
 * key; a step that does not decode points at nothing. The one reader of refs: toolgen's checks
 * (generator/validate/schema-refs.ts), the client's declarations (generator/render/type-nodes.ts)
 * and the CLI (runtime/cli/refs.ts) all follow refs with it, so they agree with each other and
 * with the client's validation.
 */
export function refTarget(root: unknown, ref: string): unknown {
  const keys = refKeys(ref);
  if (keys === undefined) return undefined;
  let at = root;
  for (const key of keys) {
    if (Array.isArray(at) && /^(0|[1-9]\d*)$/.test(key)) at = at[Number(key)];
    else if (isRecord(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

/** The keys a local ref (`#`, `#/a/b`) steps through, each decoded; undefined: no local ref, or a step that does not decode. */
export function refKeys(ref: string): string[] | undefined {
  if (ref === "#") return [];
  if (!ref.startsWith("#/")) return undefined;
  const keys: string[] = [];
  for (const raw of ref.slice(2).split("/")) {
    try {
      keys.push(
        decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~"),
      );
    } catch {
      return undefined;
    }
  }
  return keys;
}
