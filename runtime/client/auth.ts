import type { AuthEnv } from "../shared/data.js";
import { isRecord } from "../shared/record.js";
import { MIN_TOKEN_LENGTH } from "./redact.js";

/**
 * The credential of an API without workspaces, as createClient takes it: its kind must be the
 * one the spec declares (`targets.client.auth`), which also says where it is sent.
 */
export type Credential =
  | { readonly bearer: string }
  | { readonly apiKey: string }
  | {
      readonly basic: { readonly username: string; readonly password: string };
    };

/**
 * What a request carries to authenticate: headers, or one query parameter, and the secrets that
 * must never be shown (the token or key, basic's password and its base64 `user:password`).
 */
export interface Authorization {
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly query: readonly [string, string] | null;
  readonly secrets: readonly string[];
}

export const NO_AUTHORIZATION: Authorization = {
  headers: [],
  query: null,
  secrets: [],
};

/** A workspace's token, as the platform takes it. */
export function bearer(token: string): Authorization {
  return {
    headers: [["authorization", `Bearer ${token}`]],
    query: null,
    secrets: [token],
  };
}

/** The kind of credential the spec declares, as messages name it. */
export function authKind(auth: AuthEnv): "bearer" | "apiKey" | "basic" {
  return "bearer" in auth ? "bearer" : "apiKey" in auth ? "apiKey" : "basic";
}

/** What createClient's `auth` must look like for this spec, for messages. */
export function authShape(auth: AuthEnv): string {
  const kind = authKind(auth);
  if (kind === "basic") return "{ basic: { username, password } }";
  return `{ ${kind}: "..." }`;
}

/** Tokens travel in a header or a URL: anything but visible ASCII would be refused there, with the value in the error. */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/**
 * Checks createClient's `auth` against the spec's: its kind, its values (never quoted), and its
 * presence unless the spec marks the credential optional.
 */
export function resolveAuth(
  given: unknown,
  spec: AuthEnv | undefined,
  problems: string[],
): Authorization {
  if (spec === undefined) {
    if (given !== undefined)
      problems.push(
        "auth is given, but this API declares no credential (targets.client.auth)",
      );
    return NO_AUTHORIZATION;
  }
  if (given === undefined) {
    if (spec.optional !== true)
      problems.push(`auth is not set: this API needs ${authShape(spec)}`);
    return NO_AUTHORIZATION;
  }
  const kind = authKind(spec);
  if (!isRecord(given) || !Object.hasOwn(given, kind)) {
    problems.push(`auth must be ${authShape(spec)} for this API`);
    return NO_AUTHORIZATION;
  }
  if (kind === "basic") {
    const basic = given.basic;
    if (!isRecord(basic)) {
      problems.push(
        "auth.basic must be an object with a username and a password",
      );
      return NO_AUTHORIZATION;
    }
    const before = problems.length;
    const username = basic.username;
    if (typeof username !== "string" || username === "")
      problems.push("auth.basic.username must be a non-empty string");
    else if (username.includes(":") || !/^[\x20-\x7e]+$/.test(username))
      problems.push(
        "auth.basic.username may not contain a colon or a character outside visible ASCII",
      );
    const password = checkSecret(
      basic.password,
      "auth.basic.password",
      problems,
    );
    if (problems.length > before || typeof username !== "string")
      return NO_AUTHORIZATION;
    return basicAuthorization(username, password!);
  }
  const value = checkSecret(given[kind], `auth.${kind}`, problems);
  if (value === undefined) return NO_AUTHORIZATION;
  return placeSecret(spec, value);
}

/** The credential placed as the spec says: a header, or the API key as a query parameter. */
export function placeSecret(spec: AuthEnv, value: string): Authorization {
  if ("bearer" in spec) return bearer(value);
  if ("query" in spec)
    return { headers: [], query: [spec.query, value], secrets: [value] };
  if ("header" in spec)
    return { headers: [[spec.header, value]], query: null, secrets: [value] };
  throw new Error("placeSecret: basic auth has two values");
}

/** `Authorization: Basic base64(user:password)`; both the password and the base64 are secrets. */
export function basicAuthorization(
  username: string,
  password: string,
): Authorization {
  const encoded = Buffer.from(`${username}:${password}`, "utf8").toString(
    "base64",
  );
  return {
    headers: [["authorization", `Basic ${encoded}`]],
    query: null,
    secrets: [password, encoded],
  };
}

/** A token, key or password: a string that can be sent and kept out of messages; never quoted. */
export function checkSecret(
  value: unknown,
  name: string,
  problems: string[],
): string | undefined {
  const before = problems.length;
  if (typeof value !== "string") problems.push(`${name} must be a string`);
  else if (value === "") problems.push(`${name} is empty`);
  else if (!TOKEN_CHARS.test(value))
    problems.push(
      `${name} contains spaces or characters that cannot be sent in a header`,
    );
  else if (value.length < MIN_TOKEN_LENGTH)
    problems.push(
      `${name} is shorter than ${MIN_TOKEN_LENGTH} characters, too short to be kept out of messages safely`,
    );
  return problems.length === before ? (value as string) : undefined;
}

/**
 * The target with the API key's query parameter set: any parameter of that name (a redirect's
 * Location may echo it) is dropped first, then the key appended, encoded.
 */
export function withQueryCredential(
  url: string,
  query: readonly [string, string] | null,
): string {
  if (query === null) return url;
  const [name, value] = query;
  const hash = url.indexOf("#");
  const head = hash < 0 ? url : url.slice(0, hash);
  const mark = head.indexOf("?");
  const path = mark < 0 ? head : head.slice(0, mark);
  const encodedName = encodeURIComponent(name);
  const kept =
    mark < 0
      ? []
      : head
          .slice(mark + 1)
          .split("&")
          .filter((p) => p !== "" && decodedName(p) !== name);
  kept.push(`${encodedName}=${encodeURIComponent(value)}`);
  return `${path}?${kept.join("&")}`;
}

function decodedName(pair: string): string {
  const name = pair.split("=", 1)[0]!;
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
