import {
  badLevel,
  badProgress,
  PROGRESS_INTERVAL_MS,
  settled,
} from "../shared/context.js";
import type {
  ElicitResult,
  ElicitSchema,
  HandlerContext,
  LogLevel,
  PlatformCaller,
  SampleRequest,
  SampleResult,
} from "../shared/handler.js";

/*
 * A local handler's context under MCP: progress and log become notifications tied to the call,
 * elicit and sample requests to the client, through the SDK's own context of the request
 * (`extra`: v1 passes RequestHandlerExtra, v2 a ServerContext holding `mcpReq`) and the server's
 * own elicitInput and createMessage, which check the answers.
 */

type Notification = { method: string; params: object };

/** A progress notification's params. */
interface Progress {
  readonly progressToken: string | number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** What the context reads of the SDK's request context, in either line. */
interface Extra {
  readonly sessionId?: string;
  // v1
  readonly requestId?: string | number;
  readonly _meta?: { readonly progressToken?: string | number };
  readonly requestInfo?: unknown;
  readonly sendNotification?: (n: Notification) => Promise<void>;
  // v2
  readonly mcpReq?: {
    readonly id: string | number;
    readonly _meta?: { readonly progressToken?: string | number };
    readonly notify: (n: Notification) => Promise<void>;
    readonly log: (level: LogLevel, data: unknown) => Promise<void>;
  };
  readonly http?: unknown;
}

/** What the context uses of the low-level server, alike in both lines. */
export interface PeerServer {
  getCapabilities?(): { logging?: object } | undefined;
  getClientCapabilities?():
    { elicitation?: object; sampling?: object } | undefined;
  isMessageIgnored?: (level: LogLevel, sessionId?: string) => boolean;
  elicitInput?(params: object, options: object): Promise<unknown>;
  createMessage?(params: object, options: object): Promise<unknown>;
}

export class McpContext implements HandlerContext {
  readonly #server: PeerServer | undefined;
  readonly #extra: Extra | undefined;
  #sentAt = -Infinity;
  #sent = -Infinity;
  #held: Progress | undefined;

  constructor(
    readonly client: PlatformCaller,
    readonly signal: AbortSignal,
    server: unknown,
    extra: unknown,
  ) {
    this.#server = server as PeerServer | undefined;
    this.#extra = extra as Extra | undefined;
  }

  progress(done: number, total?: number, message?: string): Promise<void> {
    const bad = badProgress(done, total);
    if (bad !== undefined) return Promise.reject(bad);
    const extra = this.#extra;
    const token =
      extra?.mcpReq?._meta?.progressToken ?? extra?._meta?.progressToken;
    // MCP sends progress only for a request that carried a token, and each value must grow.
    if (token === undefined || done <= (this.#held?.progress ?? this.#sent))
      return settled;
    const params: Progress = {
      progressToken: token,
      progress: done,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message: String(message) }),
    };
    const now = performance.now();
    const early = now - this.#sentAt < PROGRESS_INTERVAL_MS;
    const last = total !== undefined && done >= total;
    // A value within the interval waits: the next value replaces it, but the last one sends it
    // first, early or late, so a short task's steps all arrive. A value left waiting when the
    // call ends is dropped: after the result, a client has no use for it.
    if (early && !last) {
      this.#held = params;
      return settled;
    }
    const held = last ? this.#held : undefined;
    this.#held = undefined;
    this.#sentAt = now;
    this.#sent = done;
    const send = (p: Progress) =>
      this.#notify({ method: "notifications/progress", params: p });
    return held === undefined
      ? send(params)
      : send(held).then(() => send(params));
  }

  log(level: LogLevel, data: unknown): Promise<void> {
    const bad = badLevel(level);
    if (bad !== undefined) return Promise.reject(bad);
    const extra = this.#extra;
    // v2 checks the level the client set itself; v1 leaves that to the caller.
    if (extra?.mcpReq !== undefined)
      return extra.mcpReq.log(level, data).catch(ignore);
    const server = this.#server;
    if (server?.getCapabilities?.()?.logging === undefined) return settled;
    if (server.isMessageIgnored?.(level, extra?.sessionId) === true)
      return settled;
    return this.#notify({
      method: "notifications/message",
      params: { level, data },
    });
  }

  async elicit(message: string, schema: ElicitSchema): Promise<ElicitResult> {
    const server = this.#ready("elicit", "elicitation", "ask the user");
    const answer = (await server.elicitInput!(
      { mode: "form", message, requestedSchema: schema },
      this.#related(),
    )) as { action: ElicitResult["action"]; content?: object };
    return answer.action === "accept"
      ? ({ action: "accept", content: answer.content ?? {} } as ElicitResult)
      : { action: answer.action };
  }

  async sample(request: SampleRequest): Promise<SampleResult> {
    const server = this.#ready("sample", "sampling", "ask its model");
    return (await server.createMessage!(
      request,
      this.#related(),
    )) as SampleResult;
  }

  /** The server, once sure the transport and the client can carry a request of `capability`. */
  #ready(what: string, capability: "elicitation" | "sampling", verb: string) {
    const extra = this.#extra;
    // Stateless HTTP answers each POST on its own: no stream stays open for the client's answer.
    if (
      extra?.sessionId === undefined &&
      (extra?.requestInfo !== undefined || extra?.http !== undefined)
    )
      throw new Error(
        `${what}: stateless HTTP cannot carry a request from the server to the client, so this server cannot ${verb}; serve over stdio, or over HTTP with sessions`,
      );
    const server = this.#server;
    if (server?.getClientCapabilities?.()?.[capability] === undefined)
      throw new Error(
        `${what}: the client did not declare the ${capability} capability, so this server cannot ${verb}`,
      );
    return server;
  }

  /** The options that tie a request to the call: sent on its stream, cancelled with it. */
  #related(): object {
    const extra = this.#extra;
    return {
      relatedRequestId: extra?.mcpReq?.id ?? extra?.requestId,
      signal: this.signal,
    };
  }

  #notify(notification: Notification): Promise<void> {
    const extra = this.#extra;
    const sent =
      extra?.mcpReq !== undefined
        ? extra.mcpReq.notify(notification)
        : extra?.sendNotification?.(notification);
    // Progress and log are best effort: a client gone away loses them, the call goes on.
    return sent === undefined ? settled : sent.catch(ignore);
  }
}

function ignore(): void {}
