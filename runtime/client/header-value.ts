/** What fetch accepts as a header value: bytes, no NUL, CR or LF. */
export function isHeaderValue(value: string): boolean {
  return /^[^\0\r\n\u0100-\uffff]*$/.test(value);
}
