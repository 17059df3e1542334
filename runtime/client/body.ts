/** What was read of an answer's body: all of it, or the first bytes of one too long to keep. */
export interface BodyText {
  readonly text: string;
  /** The bytes read, for an answer that is no text (an image, a sound). */
  readonly bytes: Uint8Array;
  /** True when the body went on past `limit` and the rest was left unread. */
  readonly cut: boolean;
}

/**
 * Reads at most `limit` bytes of an answer's body as UTF-8 text, chunk by chunk: a body found to
 * be longer is cancelled there, so that a huge answer is never buffered whole. With `head`
 * false, a body whose Content-Length is over the limit is not read at all.
 */
export async function readBody(
  res: Response,
  limit: number,
  head: boolean,
): Promise<BodyText> {
  if (res.body === null)
    return { text: "", bytes: new Uint8Array(0), cut: false };
  const declared = Number(res.headers.get("content-length") ?? "");
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = !head && Number.isFinite(declared) && declared > limit;
  try {
    while (!cut) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = limit - size;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        size = limit;
        cut = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (cut) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // As Response.text() reads: UTF-8, a byte-order mark dropped, bad bytes replaced.
  return { text: new TextDecoder().decode(bytes), bytes, cut };
}
