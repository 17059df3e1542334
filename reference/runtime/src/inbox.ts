import type { Clock } from "./clock.js";
import {
  REMEMBERED_POPS,
  type KeptMessage,
  type KeptMessages,
} from "./kept.js";
import type { InboxMessage } from "./message.js";

export type { InboxMessage } from "./message.js";

/**
 * Two workspaces' feeds may number their activities alike: a message is known by its workspace
 * and its id.
 */
function keyOf(m: InboxMessage): string {
  return `${m.arrival_workspace_id ?? ""}\u0000${m.activity_id}`;
}

/** What `pop` did: removed the message (or found none), or found the id waiting in several workspaces. */
export type PopResult =
  | { readonly removed: boolean; readonly workspace?: string }
  | { readonly ambiguous: readonly string[] };

/**
 * The messages waiting for the agent, oldest first. Bounded: when full it accepts nothing more,
 * and the poller keeps its cursor before the refused message, so nothing is lost; the platform
 * still holds it for the next poll after the agent pops.
 *
 * With a store, every message is written to disk before it is queued and removed from it only
 * when popped, so that a crash or a restart loses none (`restore` queues them again at start).
 */
export class Inbox {
  private readonly queue: InboxMessage[] = [];
  private readonly kept = new Map<InboxMessage, KeptMessage>();
  /** The workspace each queued message came from. */
  private readonly from = new Map<InboxMessage, string>();
  private readonly popped = new Set<string>();
  private waiters: Array<() => void> = [];
  /** Told of each message queued by `offer`, once it is queued (and kept). */
  onQueued: ((message: InboxMessage) => void) | null = null;

  constructor(
    readonly capacity: number,
    private readonly clock: Clock,
    private readonly store: KeptMessages | null = null,
  ) {}

  /**
   * Queues messages kept on disk by an earlier run, before anything polled now, and remembers
   * the keys it popped (`popped`, oldest first), so that a look-back does not offer them again.
   * A kept message found popped (a crash cut its removal short) is removed from the disk.
   */
  restore(
    messages: readonly KeptMessage[],
    popped: readonly string[] = [],
  ): void {
    for (const key of popped) this.remember(key);
    for (const kept of messages) {
      if (this.popped.has(keyOf(kept.message))) {
        this.store?.discard(kept);
        continue;
      }
      if (this.queue.some((m) => keyOf(m) === keyOf(kept.message))) continue;
      this.queue.push(kept.message);
      this.kept.set(kept.message, kept);
      this.from.set(kept.message, kept.workspace);
    }
  }

  get size(): number {
    return this.queue.length;
  }

  get full(): boolean {
    return this.queue.length >= this.capacity;
  }

  /**
   * False when the inbox is full; true when the message is queued or already known (queued or
   * popped). `workspace` is where it came from; with a store, the message is on disk before
   * this returns true, and an error writing it is thrown.
   */
  offer(message: InboxMessage, workspace: string): boolean {
    const key = keyOf(message);
    if (this.popped.has(key) || this.queue.some((m) => keyOf(m) === key))
      return true;
    if (this.full) return false;
    if (this.store !== null)
      this.kept.set(message, this.store.keep(workspace, message));
    this.queue.push(message);
    this.from.set(message, workspace);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
    this.onQueued?.(message);
    return true;
  }

  peek(limit: number): InboxMessage[] {
    return this.queue.slice(0, Math.max(0, limit));
  }

  /**
   * Removes a handled message (from the disk first: if that fails, it stays queued and the error
   * is thrown). Popping it again, or an id never seen, changes nothing. Without `workspace`, the
   * id must be waiting in one workspace only: when two workspaces' messages share it, nothing is
   * removed and their workspaces are returned (`ambiguous`), for the caller to choose.
   */
  pop(activityId: string, workspace?: string): PopResult {
    const matches = this.queue.filter(
      (m) =>
        m.activity_id === activityId &&
        (workspace === undefined || this.from.get(m) === workspace),
    );
    if (matches.length > 1)
      return { ambiguous: matches.map((m) => this.from.get(m) ?? "") };
    const message = matches[0];
    if (message === undefined) return { removed: false };
    const kept = this.kept.get(message);
    if (kept !== undefined) this.store?.drop(kept, keyOf(message));
    const from = this.from.get(message);
    this.kept.delete(message);
    this.from.delete(message);
    this.queue.splice(this.queue.indexOf(message), 1);
    this.remember(keyOf(message));
    return from === undefined
      ? { removed: true }
      : { removed: true, workspace: from };
  }

  /** Popped keys remembered so that a message seen again (a look-back after a 410) stays handled. */
  private remember(key: string): void {
    this.popped.delete(key);
    this.popped.add(key);
    if (this.popped.size > REMEMBERED_POPS)
      this.popped.delete(this.popped.values().next().value as string);
  }

  /** The oldest waiting message, without removing it, as soon as there is one; null after `timeoutMs`. */
  async wait(
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<InboxMessage | null> {
    if (this.queue.length > 0) return this.queue[0]!;
    if (timeoutMs <= 0) return null;
    const done = new AbortController();
    const both = signal ? AbortSignal.any([signal, done.signal]) : done.signal;
    let wake!: () => void;
    const arrived = new Promise<void>((resolve) => (wake = resolve));
    this.waiters.push(wake);
    // keepAlive: the caller is waiting on this answer, so the process must not exit under it.
    const timer = this.clock.sleep(timeoutMs, both, true);
    // Aborted by `done` once a message came first; that rejection is expected.
    timer.catch(() => {});
    try {
      await Promise.race([arrived, timer]);
    } finally {
      done.abort();
      this.waiters = this.waiters.filter((w) => w !== wake);
    }
    return this.queue[0] ?? null;
  }
}
