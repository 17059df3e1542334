import { isRecord } from "../../runtime/shared/record.js";
import { resolved } from "./openapi-refs.js";
import { escapeToken } from "./openapi-schema.js";
import type { OpenApiSource } from "./openapi-source.js";

/**
 * The client's base URL from the document's first server, its variables set to their defaults.
 * A relative URL (or none) is reported, and the client reads the URL from `<BASE>_URL` alone.
 */
export function baseUrl(
  source: OpenApiSource,
  note: (line: string) => void,
): string | undefined {
  const servers = source.doc.servers;
  if (
    !Array.isArray(servers) ||
    servers.length === 0 ||
    !isRecord(servers[0])
  ) {
    note(
      `${source.where("/servers")}: the document names no server: set the base URL in the environment`,
    );
    return undefined;
  }
  const first = servers[0];
  const vars = isRecord(first.variables) ? first.variables : {};
  const url = String(first.url ?? "").replace(
    /\{([^{}]*)\}/g,
    (whole, name: string) => {
      const v = vars[name];
      return isRecord(v) && v.default !== undefined ? String(v.default) : whole;
    },
  );
  if (servers.length > 1)
    note(
      `${source.where("/servers/1")}: ${servers.length - 1} other server(s) not used: the client calls ${url || "the first"}`,
    );
  if (!/^https?:\/\/[^/{}\s@]+/i.test(url) || /[{}?#\s]/.test(url)) {
    note(
      `${source.where("/servers/0/url")}: the server URL ${JSON.stringify(first.url)} is not an absolute http(s) URL without a query: set the base URL in the environment`,
    );
    return undefined;
  }
  return url.replace(/\/+$/, "");
}

/**
 * The client's credential from the document's global security (else the first an operation
 * names): a bearer token (HTTP bearer, OAuth2, OpenID Connect), an API key in a header or the
 * query, or basic auth, each read from an environment variable. `optional` when the security
 * also allows no credential (`{}`). Other schemes and requirements are reported.
 */
export function clientAuth(
  source: OpenApiSource,
  env: string,
  note: (line: string) => void,
  operations: readonly {
    pointer: string;
    op: Readonly<Record<string, unknown>>;
  }[],
): Record<string, unknown> | undefined {
  const doc = source.doc;
  const schemes =
    isRecord(doc.components) && isRecord(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  let security: unknown = doc.security;
  let at = "/security";
  if (!Array.isArray(security) || security.length === 0) {
    const first = operations.find(
      (o) =>
        Array.isArray(o.op.security) &&
        o.op.security.some((r) => isRecord(r) && Object.keys(r).length > 0),
    );
    if (first === undefined) {
      if (Object.keys(schemes).length > 0)
        note(
          `${source.where("/components/securitySchemes")}: no security requirement uses these schemes: the client sends no credential`,
        );
      return undefined;
    }
    security = first.op.security;
    at = `${first.pointer}/security`;
    note(
      `${source.where(at)}: the document has no global security: the client uses this operation's`,
    );
  }
  const requirements = (security as unknown[]).filter(isRecord);
  const optional = requirements.some((r) => Object.keys(r).length === 0);
  let auth: Record<string, unknown> | undefined;
  let chosen = "";
  requirements.forEach((req, i) => {
    for (const name of Object.keys(req)) {
      const where = source.where(`${at}/${i}/${escapeToken(name)}`);
      if (auth !== undefined) {
        if (name !== chosen)
          note(
            `${where}: security scheme ${JSON.stringify(name)} not used: the client sends ${JSON.stringify(chosen)}'s credential`,
          );
        continue;
      }
      const scheme = resolved(
        doc,
        schemes[name],
        `/components/securitySchemes/${escapeToken(name)}`,
      );
      const mapped = credential(scheme.value, env);
      if (typeof mapped === "string")
        note(`${where}: security scheme ${JSON.stringify(name)} ${mapped}`);
      else {
        auth = mapped;
        chosen = name;
      }
    }
  });
  if (auth === undefined) return undefined;
  const global = JSON.stringify(security);
  for (const o of operations)
    if (
      Array.isArray(o.op.security) &&
      JSON.stringify(o.op.security) !== global
    )
      note(
        `${source.where(`${o.pointer}/security`)}: this operation's security differs from the document's: the client sends ${JSON.stringify(chosen)}'s credential${optional ? " when one is set" : ""}`,
      );
  return optional ? { ...auth, optional: true } : auth;
}

function credential(
  scheme: unknown,
  env: string,
): Record<string, unknown> | string {
  if (!isRecord(scheme)) return "is not declared in components.securitySchemes";
  const type = scheme.type;
  if (type === "http") {
    const kind = String(scheme.scheme ?? "").toLowerCase();
    if (kind === "bearer") return { bearer: `${env}_TOKEN` };
    if (kind === "basic")
      return {
        basic: { username: `${env}_USER`, password: `${env}_PASSWORD` },
      };
    return `is HTTP ${JSON.stringify(scheme.scheme)}, which the client does not send`;
  }
  if (type === "oauth2" || type === "openIdConnect")
    return { bearer: `${env}_TOKEN` };
  if (type === "apiKey") {
    if (scheme.in === "header" && typeof scheme.name === "string")
      return { api_key: { env: `${env}_KEY`, header: scheme.name } };
    if (scheme.in === "query" && typeof scheme.name === "string")
      return { api_key: { env: `${env}_KEY`, query: scheme.name } };
    return `is an API key in ${JSON.stringify(scheme.in)}, which the client does not send`;
  }
  return `is of type ${JSON.stringify(type)}, which the client does not send`;
}
