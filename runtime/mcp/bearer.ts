import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first differing byte of a guess.
 */
export function bearerMatches(
  header: string | undefined,
  token: string,
): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  const given = digest(match?.[1] ?? "");
  return timingSafeEqual(given, digest(token)) && match !== null;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
