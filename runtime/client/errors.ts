/**
 * Every error the client throws. None of them ever carries a token: messages and
 * bodies pass through `redact` before they are stored (see redact.ts).
 */

/** How to print an error's message, or any text from outside, on one line: control characters escaped. */
export { printable } from "../shared/printable.js";

/** Anything that went wrong while calling the platform through this client. */
export class ClientError extends Error {
  /** The tool being called, when the error belongs to one call. */
  readonly tool: string | undefined;

  constructor(message: string, tool?: string) {
    super(message);
    this.name = new.target.name;
    this.tool = tool;
  }
}

/** The platform answered, but not with a 2xx status. */
export class PlatformError extends ClientError {
  readonly status: number;
  /** The answer's parsed JSON or its text (null when empty), with tokens redacted. */
  readonly body: unknown;
  /** The answer's Retry-After header, when it had one. */
  readonly retryAfter: string | null;

  /** `message` is the platform's own explanation, or a sentence naming the status when it gave none. */
  constructor(
    status: number,
    message: string,
    body: unknown,
    tool?: string,
    retryAfter: string | null = null,
  ) {
    super(message, tool);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** No complete answer arrived within the time limit. */
export class TimeoutError extends ClientError {
  readonly timeoutMs: number;

  constructor(message: string, timeoutMs: number, tool?: string) {
    super(message, tool);
    this.timeoutMs = timeoutMs;
  }
}

/** The platform could not be reached: refused connection, DNS failure, reset, TLS problem. */
export class NetworkError extends ClientError {
  /** The system's error code when there is one, e.g. `ECONNREFUSED`. */
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined, tool?: string) {
    super(message, tool);
    this.code = code;
  }
}

/**
 * The request was sent (a write: not GET or HEAD), and the connection ended before any answer:
 * the platform may have applied it. Not a NetworkError, whose calls never reached the platform,
 * so that code that sends again on a NetworkError does not write twice.
 */
export class OutcomeUnknownError extends ClientError {
  /** The system's error code when there is one, e.g. `ECONNRESET`. */
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined, tool?: string) {
    super(message, tool);
    this.code = code;
  }
}

/** The client's configuration (or the environment it was read from) is unusable. */
export class ConfigError extends ClientError {
  /** Each problem found, one sentence each; `message` joins them. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join("; "));
    this.problems = problems;
  }
}

/** A call named a workspace this client holds no token for. */
export class UnknownWorkspaceError extends ClientError {
  readonly workspace: string;

  constructor(workspace: string, known: readonly string[], tool?: string) {
    super(
      `workspace ${JSON.stringify(workspace)} is not configured in this client (configured: ${known.map((k) => JSON.stringify(k)).join(", ")})`,
      tool,
    );
    this.workspace = workspace;
  }
}

/** A call's input does not match the tool's input schema; nothing was sent. */
export class InputError extends ClientError {
  readonly problems: readonly string[];

  constructor(tool: string, problems: readonly string[]) {
    super(`invalid input for ${tool}: ${problems.join("; ")}`, tool);
    this.problems = problems;
  }
}
