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
  if (!ref.startsWith("#")) return undefined;
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let at = root;
  for (const raw of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    } catch {
      return undefined;
    }
    if (Array.isArray(at) && /^(0|[1-9]\d*)$/.test(key)) at = at[Number(key)];
    else if (isRecord(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}
