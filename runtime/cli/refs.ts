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
  if (!isObject(own) || own.items === undefined) return own;
  return { ...own, items: follow(own.items, root) };
}

/** More hops than any sane chain of refs; beyond them the ref is left unresolved. */
const MAX_HOPS = 32;

function follow(schema: unknown, root: unknown): unknown {
  let current = schema;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (!isObject(current) || typeof current.$ref !== "string") return current;
    const target = refTarget(root, current.$ref);
    if (!isObject(target)) return current;
    const { $ref: _followed, ...beside } = current;
    current = { ...target, ...beside };
  }
  return current;
}

/**
 * What a local ref (`#`, `#/a/b`, with `~0`, `~1` and %-escapes) points at in root; undefined:
 * nothing. The client's declarations (generator/render/type-nodes.ts) follow refs with it too.
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
    else if (isObject(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

function isObject(
  value: unknown,
): value is { readonly [key: string]: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
