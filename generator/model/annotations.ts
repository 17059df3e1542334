import type { RawAnnotations } from "./raw.js";
import type { Annotations, HttpMethod, JsonValue } from "./types.js";

/**
 * A tool's hints: each one the spec declares, as declared. Of the others, only what the HTTP
 * method says for certain is derived, and only as true: GET reads (read-only), PUT and DELETE
 * may be repeated (idempotent), DELETE destroys (destructive). Nothing is derived for a tool that
 * is read-only (MCP reads destructive and idempotent only when it is not), for POST or PATCH, for
 * open_world, or for a local tool: those are left to MCP's defaults (not read-only, destructive,
 * not idempotent, open world).
 */
export function resolveAnnotations(
  declared: RawAnnotations | undefined,
  method: HttpMethod | null,
): Annotations {
  const given = declared ?? {};
  const readOnly = given.read_only ?? (method === "GET" ? true : undefined);
  const writes = readOnly !== true;
  const destructive =
    given.destructive ?? (writes && method === "DELETE" ? true : undefined);
  const idempotent =
    given.idempotent ??
    (writes && (method === "PUT" || method === "DELETE") ? true : undefined);
  const resolved: Annotations = {
    title: given.title,
    readOnly,
    destructive,
    idempotent,
    openWorld: given.open_world,
  };
  // The declared ones in the spec's order (MCP lists them so), then those derived; another
  // annotation (a key of its own) as written.
  const out: Record<string, JsonValue> = {};
  const put = (key: string, value: JsonValue | undefined) => {
    if (value !== undefined && !Object.hasOwn(out, key)) out[key] = value;
  };
  for (const key of Object.keys(given)) {
    const known = Object.hasOwn(MODEL_KEY, key) ? MODEL_KEY[key] : undefined;
    if (known === undefined) put(key, given[key]);
    else put(known, resolved[known]);
  }
  for (const key of Object.keys(resolved)) put(key, resolved[key]);
  return out;
}

/** Each known annotation's key in the model, by its key in the spec. */
export const MODEL_KEY: Readonly<Record<string, string>> = {
  title: "title",
  read_only: "readOnly",
  destructive: "destructive",
  idempotent: "idempotent",
  open_world: "openWorld",
};
