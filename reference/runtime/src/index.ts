import { setMaxListeners } from "node:events";
import { printable, type LocalHandlers } from "@molecule/platform-client";
import { realClock, type Clock } from "./clock.js";
import { CursorStore } from "./cursors.js";
import {
  DEFAULT_DELEGATE,
  delegateTask,
  type DelegateSettings,
} from "./delegate.js";
import { removeTemporaries } from "./durable.js";
import { Inbox, type InboxMessage } from "./inbox.js";
import { KeptMessages } from "./kept.js";
import { RateLimitedLog, stderrLog, type Log } from "./log.js";
import type { RuntimeClient } from "./platform.js";
import { takeFolder } from "./owner.js";
import { Poller } from "./poller.js";
import { Registration } from "./registration.js";
import { sendMessageToUser } from "./send-message.js";
import {
  inboxNotification,
  notifyCapabilities,
  notifyMethod,
  type Push,
} from "./notify.js";
import {
  deliveryFromEnv,
  identityFromEnv,
  inboxNotifyFromEnv,
  stateDirFromEnv,
  type Delivery,
  type Env,
  type Identity,
} from "./settings.js";

export { realClock, type Clock } from "./clock.js";
export type { Log } from "./log.js";
export type { InboxMessage } from "./inbox.js";
export type { PlatformRequest, RuntimeClient } from "./platform.js";
export type { DelegateSettings } from "./delegate.js";
export { ENV, type Delivery, type Env, type Identity } from "./settings.js";
export { DEFAULT_NOTIFY_METHOD, type Push } from "./notify.js";
export { MAX_ATTACHMENT_BYTES } from "./send-message.js";
export { LOOKBACK_SECS } from "./poller.js";
export { FolderHeldError, OWNER_FILE } from "./owner.js";

export interface RuntimeOptions {
  /** The generated platform client (createClientFromEnv()): its workspaces are the ones registered and polled. */
  readonly client: RuntimeClient;
  /** Read for the identity, the delivery mode and the state folder (process.env when not given). */
  readonly env?: Env;
  /** Overrides MOLECULE_MESSAGE_DELIVERY. */
  readonly delivery?: Delivery;
  /** Overrides MOLECULE_INBOX_NOTIFY: the notification method each arrived inbox message is pushed with ("on": the default), or false for none. */
  readonly inboxNotify?: string | false;
  /** Overrides MOLECULE_STATE_DIR: where each workspace's inbox cursor and unpopped messages are kept. */
  readonly stateDir?: string;
  /** Overrides the MOLECULE_MODEL… variables, field by field. */
  readonly identity?: Partial<Identity>;
  /** Sent as `agent_card` with each registration. */
  readonly agentCard?: { readonly [key: string]: unknown };
  /** Register and heartbeat at start() (default true). */
  readonly register?: boolean;
  /** Each line the runtime reports; stderr when not given. Never receives a token. */
  readonly log?: Log;
  readonly clock?: Clock;
  /** Attachment paths are resolved from here (process.cwd() when not given). */
  readonly cwd?: string;
  readonly pollIntervalMs?: number;
  readonly heartbeatMs?: number;
  /** How often a failure that goes on is reported again (10 minutes when not given). */
  readonly repeatReportMs?: number;
  readonly inboxCapacity?: number;
  readonly delegate?: Partial<DelegateSettings>;
  /** Makes delegate_task's idempotency keys (random UUIDs when not given). */
  readonly newIdempotencyKey?: () => string;
}

export interface Runtime {
  /** One handler per local tool of the reference spec. */
  readonly handlers: LocalHandlers;
  /** The polled inbox, or null with push delivery. */
  readonly inbox: Inbox | null;
  /** The server capabilities the inbox notification needs (the MCP bin declares them); absent when it is off. */
  readonly capabilities?: Readonly<Record<string, object>>;
  /**
   * With polled delivery, takes the state folder (throws FolderHeldError when another started
   * runtime holds it) and cleans what a killed run left there; then registers every workspace
   * (failures are logged, not thrown) and starts the heartbeats and pollers. With the inbox
   * notification on, each message queued from then on (and each kept from an earlier run) is
   * pushed through `push`, which the MCP bin passes.
   */
  start(push?: Push): Promise<void>;
  /** Stops every loop and waits for them, ends waits and delegations in progress, and lets go of the state folder; a stopped runtime cannot start again. */
  stop(): Promise<void>;
}

export const POLL_INTERVAL_MS = 5000;
export const HEARTBEAT_MS = 20_000;
export const INBOX_CAPACITY = 200;
const WAIT_DEFAULT_SECS = 60;
const WAIT_MAX_SECS = 300;
const PEEK_DEFAULT = 10;

/**
 * The reference runtime: handlers for the spec's local tools, and the background work they rely
 * on (registration, heartbeats, one inbox poller per workspace).
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { client } = options;
  if (
    client === null ||
    typeof client !== "object" ||
    typeof client.$request !== "function"
  ) {
    throw new TypeError(
      "createRuntime: options.client must be the platform client (createClient or createClientFromEnv)",
    );
  }
  const env = options.env ?? process.env;
  const clock = options.clock ?? realClock;
  const sink = options.log ?? stderrLog;
  // Every line may quote the platform or a peer: control characters never reach the log raw.
  const log: Log = (level, message) => sink(level, printable(message));
  const failures = new RateLimitedLog(
    log,
    clock,
    options.repeatReportMs ?? 10 * 60_000,
  );
  const delivery = options.delivery ?? deliveryFromEnv(env);
  const notify =
    options.inboxNotify === undefined
      ? inboxNotifyFromEnv(env)
      : options.inboxNotify === false
        ? null
        : notifyMethod(options.inboxNotify);
  if (notify !== null && delivery === "push")
    throw new Error(
      "createRuntime: the inbox notification pushes what the polled inbox receives, and this runtime has none (message delivery is push)",
    );
  const identity: Identity = { ...identityFromEnv(env), ...options.identity };
  const workspaces = [...client.$workspaces];
  const several = workspaces.length > 1;
  const delegate: DelegateSettings = {
    ...DEFAULT_DELEGATE,
    ...options.delegate,
  };
  const cwd = options.cwd ?? process.cwd();

  const stateDir = options.stateDir ?? stateDirFromEnv(env);
  const kept = new KeptMessages(stateDir);
  const inbox =
    delivery === "poll"
      ? new Inbox(options.inboxCapacity ?? INBOX_CAPACITY, clock, kept)
      : null;
  const cursors = new CursorStore(stateDir, several);
  let pollers: Poller[] = [];
  /** Lets go of the state folder; set while this runtime owns it (from start() to stop()). */
  let release: (() => void) | null = null;

  /**
   * Owned by start() alone: a runtime made for one command (the CLI's) never starts, so it never
   * reads, writes or cleans the state folder that a running server may own. The owner removes what
   * a killed run left (temporary files of writes cut short), then queues the messages an earlier
   * run fetched but the agent never popped, before anything polled now; those it popped stay handled.
   */
  const openState = (queue: Inbox): void => {
    removeTemporaries([stateDir, ...kept.folders()]);
    queue.restore(
      kept.load(workspaces, (file, reason) =>
        log(
          "error",
          `inbox: cannot read the kept message ${file} (${reason}); it is left where it is`,
        ),
      ),
      kept.loadPopped(workspaces),
    );
    pollers = workspaces.map(
      (workspace) =>
        new Poller({
          client,
          workspace,
          tag: several,
          inbox: queue,
          cursors,
          clock,
          intervalMs: options.pollIntervalMs ?? POLL_INTERVAL_MS,
          log,
          failures,
        }),
    );
  };
  const registrations =
    options.register === false
      ? []
      : workspaces.map(
          (workspace) =>
            new Registration({
              client,
              workspace,
              agentCard: options.agentCard,
              clock,
              heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
              log,
              failures,
            }),
        );

  const stopping = new AbortController();
  // Every poller, heartbeat and handler call listens on this one signal at once: with a few
  // workspaces that passes Node's default of 10 listeners, which is not a leak but would say so.
  setMaxListeners(0, stopping.signal);
  /** A call ends when its caller cancels it or the runtime stops. */
  const callSignal = (ctx: unknown): AbortSignal => {
    const own = signalOf(ctx);
    return own === undefined
      ? stopping.signal
      : AbortSignal.any([own, stopping.signal]);
  };
  let loops: Promise<void>[] = [];
  let state: "new" | "started" | "stopped" = "new";

  const inboxOff = {
    inbox: "not enabled",
    reason:
      "this runtime receives messages by push delivery: they arrive as new turns of your conversation, not through the inbox tools",
  };

  const handlers = {
    async delegate_task(input, ctx) {
      return delegateTask(
        input,
        {
          client,
          clock,
          settings: delegate,
          ...(options.newIdempotencyKey
            ? { newKey: options.newIdempotencyKey }
            : {}),
        },
        callSignal(ctx),
      );
    },
    async get_runtime_identity() {
      return {
        ...identity,
        workspace_id: client.$primary,
        ...(several ? { workspace_ids: workspaces } : {}),
      };
    },
    async send_message_to_user(input, ctx) {
      return sendMessageToUser(input, client, cwd, callSignal(ctx));
    },
    async wait_for_message(input, ctx) {
      if (inbox === null) return inboxOff;
      const secs = Math.min(
        WAIT_MAX_SECS,
        Math.max(0, input.timeout_secs ?? WAIT_DEFAULT_SECS),
      );
      const message = await inbox.wait(secs * 1000, callSignal(ctx));
      return message === null
        ? { message: null, timed_out_after_secs: secs }
        : { message, waiting: inbox.size };
    },
    async inbox_peek(input) {
      if (inbox === null) return inboxOff;
      const messages = inbox.peek(
        Math.max(0, Math.floor(input.limit ?? PEEK_DEFAULT)),
      );
      return { messages, waiting: inbox.size };
    },
    async inbox_pop(input) {
      if (inbox === null) return inboxOff;
      const { activity_id, workspace_id } = input;
      if (workspace_id !== undefined && !workspaces.includes(workspace_id))
        throw new Error(
          `workspace_id ${JSON.stringify(workspace_id)} is none of yours (${workspaces.join(", ")}): pass the message's arrival_workspace_id`,
        );
      const popped = inbox.pop(activity_id, workspace_id);
      if ("ambiguous" in popped)
        throw new Error(
          `activity_id ${JSON.stringify(activity_id)} is waiting in ${popped.ambiguous.length} workspaces; ` +
            `say which message to remove: ${popped.ambiguous.map((ws) => JSON.stringify({ activity_id, workspace_id: ws })).join(" or ")}`,
        );
      const from = popped.workspace ?? workspace_id;
      return {
        activity_id,
        ...(several && from !== undefined ? { workspace_id: from } : {}),
        removed: popped.removed,
        waiting: inbox.size,
      };
    },
  } satisfies LocalHandlers;

  return {
    handlers,
    inbox,
    ...(notify === null ? {} : { capabilities: notifyCapabilities(notify) }),
    async start(push) {
      // A runtime stopped before it started (its MCP client left at once) stays stopped.
      if (state === "stopped") return;
      if (state === "started")
        throw new Error("createRuntime: start() called twice");
      state = "started";
      if (inbox !== null) {
        // Throws FolderHeldError when another runtime runs from the folder: this one must not.
        release = takeFolder(stateDir);
        try {
          openState(inbox);
        } catch (error) {
          release();
          release = null;
          throw error;
        }
        if (notify !== null && push !== undefined) {
          const send = (message: InboxMessage) =>
            void push
              .notify(notify, inboxNotification(notify, message))
              .catch(() => {});
          inbox.onQueued = send;
          inbox.peek(inbox.size).forEach(send);
        }
      }
      const signal = stopping.signal;
      await Promise.all(registrations.map((r) => r.register(signal)));
      if (signal.aborted) return;
      loops = [
        ...registrations.map((r) => r.run(signal)),
        ...pollers.map((p) => p.run(signal)),
      ];
    },
    async stop() {
      state = "stopped";
      if (inbox !== null) inbox.onQueued = null;
      stopping.abort(new Error("the runtime stopped"));
      await Promise.all(loops);
      release?.();
      release = null;
    },
  };
}

/** The caller's cancellation: MCP and LangChain both pass a signal in the handler context. */
function signalOf(ctx: unknown): AbortSignal | undefined {
  const signal = (ctx as { signal?: unknown } | null)?.signal;
  return signal instanceof AbortSignal ? signal : undefined;
}
