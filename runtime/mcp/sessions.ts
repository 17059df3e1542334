import { randomUUID } from "node:crypto";
import { BoundedEventStore, SESSION_EVENT_BYTES } from "./event-store.js";
import type { LowLevelServer, SdkLine, WebTransport } from "./sdk.js";

/** The most sessions held at once, unless told otherwise. */
export const DEFAULT_MAX_SESSIONS = 100;

/** How long a session with no request in flight lives on (10 minutes). */
export const SESSION_IDLE_MS: number = 10 * 60_000;

/** The bounds of session mode: sessions, their idle life, and each one's events kept for replay. */
export interface SessionLimits {
  /** The most sessions held at once; a new one closes the least recently used to make room. */
  readonly maxSessions?: number;
  /** A session with no request in flight for this long is closed. */
  readonly idleMs?: number;
  /** The most bytes of sent messages each session keeps for resumption. */
  readonly eventBytes?: number;
}

/** One client's session: its own server, transport and event store. */
export interface Session {
  readonly server: LowLevelServer;
  readonly transport: WebTransport;
  /** Requests in flight, an open SSE stream included. */
  busy: number;
  timer?: NodeJS.Timeout;
}

/**
 * The open sessions of a Streamable HTTP server in session mode, least recently used first. A
 * session is made for an initialize request and kept under the id its transport issues
 * (`Mcp-Session-Id`); it ends with a DELETE, after `idleMs` with nothing in flight, or when
 * `maxSessions` are open and a new one needs its place (the least recently used with nothing in
 * flight, else the least recently used). Memory is bounded by `maxSessions` times one session's
 * state: its event store (`eventBytes`) and the SDK's bookkeeping of requests in flight.
 */
export class SessionPool {
  private readonly open = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly eventBytes: number;

  constructor(
    private readonly line: SdkLine,
    private readonly makeServer: () => LowLevelServer,
    limits: SessionLimits = {},
  ) {
    this.maxSessions = limits.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleMs = limits.idleMs ?? SESSION_IDLE_MS;
    this.eventBytes = limits.eventBytes ?? SESSION_EVENT_BYTES;
    if (!Number.isInteger(this.maxSessions) || this.maxSessions < 1)
      throw new TypeError(
        "createHttpHandler: sessions.maxSessions must be a positive integer",
      );
  }

  /** How many sessions are open. */
  get size(): number {
    return this.open.size;
  }

  /** The session of this id, now the most recently used; undefined when there is none (404). */
  get(id: string): Session | undefined {
    const session = this.open.get(id);
    if (session === undefined) return undefined;
    this.open.delete(id);
    this.open.set(id, session);
    return session;
  }

  /**
   * A new session's server and transport, connected. It joins the pool once its transport has
   * issued the id (in answering initialize); one whose initialize failed is closed by `end`.
   */
  async create(): Promise<Session> {
    while (this.open.size >= this.maxSessions) this.evict();
    const { line } = this;
    const server = this.makeServer();
    const session: Session = {
      server,
      transport: new line.HttpTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: false,
        eventStore: new BoundedEventStore(this.eventBytes),
        onsessioninitialized: (id) => {
          while (this.open.size >= this.maxSessions) this.evict();
          this.open.set(id, session);
        },
        onsessionclosed: (id) => this.close(id),
      }),
      busy: 0,
    };
    await server.connect(session.transport);
    return session;
  }

  /** A request of this session has begun: it is not idle. */
  begin(session: Session): void {
    session.busy++;
    clearTimeout(session.timer);
  }

  /** A request of this session is over (answered, or its stream closed). */
  end(session: Session): void {
    session.busy--;
    const id = session.transport.sessionId;
    if (id === undefined || this.open.get(id) !== session) {
      // Never issued an id (initialize failed), or already closed.
      if (session.busy === 0) void session.server.close().catch(() => {});
      return;
    }
    if (session.busy > 0) return;
    session.timer = setTimeout(() => this.close(id), this.idleMs);
    session.timer.unref();
  }

  /** Sends a notification to every open session, on its standalone stream (or kept for its replay). */
  async notify(method: string, params?: object): Promise<void> {
    await Promise.all(
      [...this.open.values()].map((s) =>
        s.server
          .notification({ method, ...(params === undefined ? {} : { params }) })
          .catch(() => {}),
      ),
    );
  }

  /** Ends the session of this id: its streams close and its memory is released. */
  close(id: string): void {
    const session = this.open.get(id);
    if (session === undefined) return;
    this.open.delete(id);
    clearTimeout(session.timer);
    void session.server.close().catch(() => {});
  }

  /** Ends every session. */
  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }

  /** Closes the least recently used session with nothing in flight, else the least recently used. */
  private evict(): void {
    let oldest: string | undefined;
    for (const [id, session] of this.open) {
      oldest ??= id;
      if (session.busy === 0) {
        oldest = id;
        break;
      }
    }
    if (oldest !== undefined) this.close(oldest);
  }
}
