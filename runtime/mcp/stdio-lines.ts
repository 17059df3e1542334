import { INVALID_REQUEST, isBlank, readMessage, refusal } from "./jsonrpc.js";
import type { JsonRpcMessage } from "./mcp-types.js";

/** The longest line read from stdin, in bytes; a longer one is answered with an error and skipped. */
export const MAX_LINE_BYTES: number = 10 * 1024 * 1024;

/**
 * MCP over stdio, one JSON-RPC message a line, that answers what it cannot read instead of
 * dropping it, as readMessage (jsonrpc.ts) says, alike on HTTP: a line that is not JSON gets a
 * -32700 (parse error) reply, a batch or JSON that is no JSON-RPC message a -32600 (invalid
 * request), and a line longer than `maxLineBytes` a -32600 too, as soon as it passes the limit;
 * the rest of that line is skipped unread, and the server goes on serving. Nothing is buffered beyond one line of at most `maxLineBytes`. Messages are
 * read by `parse`, the installed SDK line's own reader: this module imports no SDK, so that a
 * bin without either line can say so. It fits either line's `Transport` (held by its test).
 */
export class LineTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JsonRpcMessage) => void;

  private parts: Buffer[] = [];
  private size = 0;
  /** The current line passed the limit: its bytes are dropped up to its end. */
  private skipping = false;

  constructor(
    private readonly parse: (value: unknown) => JsonRpcMessage | undefined,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes: number = MAX_LINE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("error", this.onError);
  }

  async close(): Promise<void> {
    this.input.off("data", this.onData);
    this.input.off("error", this.onError);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.parts = [];
    this.size = 0;
    this.onclose?.();
  }

  send(message: JsonRpcMessage): Promise<void> {
    return this.write(message);
  }

  private readonly onError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let at = 0;
    while (at < bytes.length) {
      const newline = bytes.indexOf(0x0a, at);
      const end = newline < 0 ? bytes.length : newline;
      if (!this.skipping) this.append(bytes.subarray(at, end));
      if (newline < 0) return;
      if (!this.skipping)
        this.line(Buffer.concat(this.parts, this.size).toString("utf8"));
      this.parts = [];
      this.size = 0;
      this.skipping = false;
      at = newline + 1;
    }
  };

  private append(piece: Buffer): void {
    if (this.size + piece.length <= this.maxLineBytes) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    this.parts = [];
    this.size = 0;
    this.skipping = true;
    void this.write(
      refusal(
        null,
        INVALID_REQUEST,
        `Invalid Request: the line is longer than ${this.maxLineBytes} bytes, the most this server reads; it was skipped`,
      ),
    );
  }

  private line(text: string): void {
    const line = text.replace(/\r$/, "");
    if (isBlank(line)) return;
    const read = readMessage(line);
    if (read.refusal !== undefined) {
      void this.write(read.refusal);
      return;
    }
    // The SDK's own reader has the last word; what it refuses beyond readMessage is -32600 too.
    const message = this.parse(read.message);
    if (message === undefined) {
      const { id } = read.message;
      void this.write(
        refusal(
          typeof id === "string" || typeof id === "number" ? id : null,
          INVALID_REQUEST,
          "Invalid Request: not a JSON-RPC 2.0 message",
        ),
      );
      return;
    }
    this.onmessage?.(message);
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once("drain", resolve);
    });
  }
}
