import type { Clock } from "./clock.js";
import type { CursorStore } from "./cursors.js";
import type { Inbox, InboxMessage } from "./inbox.js";
import {
  isAuthFailure,
  isRecord,
  listIn,
  messageOf,
  statusOf,
  type RuntimeClient,
} from "./platform.js";
import type { Log, RateLimitedLog } from "./log.js";

/** How far back the first poll (and the one after a 410) looks, in seconds. */
export const LOOKBACK_SECS = 600;

export interface PollerOptions {
  readonly client: RuntimeClient;
  readonly workspace: string;
  /** Tag each message with its workspace: the agent is registered in several. */
  readonly tag: boolean;
  readonly inbox: Inbox;
  readonly cursors: CursorStore;
  readonly clock: Clock;
  readonly intervalMs: number;
  readonly log: Log;
  readonly failures: RateLimitedLog;
}

/**
 * One workspace's activity feed into the inbox: every `intervalMs`, the a2a_receive activities
 * since its own cursor. Each workspace has its own poller, cursor and failures, so that one
 * workspace's slow poll or 410 never holds up or resets another's.
 */
export class Poller {
  private cursor: string | null;
  private fullReported = false;

  constructor(private readonly o: PollerOptions) {
    this.cursor = o.cursors.load(o.workspace);
  }

  /** Polls until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.pollOnce(signal);
      } catch (error) {
        // Only the state folder can fail here (a full disk, a folder made read-only): keep polling.
        // The cursor stays before the first message that could not be kept.
        this.o.failures.report(
          `cursor:${this.o.workspace}`,
          "error",
          `inbox of workspace ${this.o.workspace}: cannot save its messages or cursor: ${messageOf(error)}`,
          `inbox of workspace ${this.o.workspace}: still cannot save its messages or cursor`,
        );
      }
      try {
        await this.o.clock.sleep(this.o.intervalMs, signal);
      } catch {
        return;
      }
    }
  }

  /** One poll; failures are logged, never thrown, so the loop goes on. */
  async pollOnce(signal?: AbortSignal): Promise<void> {
    const { client, workspace } = this.o;
    const query =
      this.cursor === null
        ? { type: "a2a_receive", since_secs: LOOKBACK_SECS }
        : { type: "a2a_receive", since_id: this.cursor };
    let answer: unknown;
    try {
      answer = await client.$request(
        {
          method: "GET",
          path: "/workspaces/{$workspace}/activity",
          workspace,
          query,
          label: `inbox poll of workspace ${workspace}`,
        },
        signal ? { signal } : {},
      );
    } catch (error) {
      if (signal?.aborted) return;
      this.failed(error);
      return;
    }
    if (this.o.failures.clear(this.key))
      this.o.log(
        "info",
        `inbox of workspace ${workspace}: polling works again`,
      );
    this.take(listIn(answer, ["activities", "items", "data"]));
  }

  private get key(): string {
    return `poll:${this.o.workspace}`;
  }

  private failed(error: unknown): void {
    const { workspace } = this.o;
    if (statusOf(error) === 410) {
      // The platform pruned the activity our cursor points at: start again from the recent past.
      // Messages already queued or popped are recognised by id, so the overlap is not shown twice.
      this.cursor = null;
      this.o.cursors.clear(workspace);
      this.o.log(
        "warn",
        `inbox of workspace ${workspace}: the cursor expired (HTTP 410); reading the last ${LOOKBACK_SECS} s again`,
      );
      return;
    }
    if (isAuthFailure(error)) {
      this.o.failures.report(
        this.key,
        "error",
        `inbox of workspace ${workspace}: the platform refused its token (HTTP ${statusOf(error)}); no messages arrive from this workspace until its token is fixed`,
        `inbox of workspace ${workspace}: the token is still refused`,
      );
      return;
    }
    this.o.failures.report(
      this.key,
      "warn",
      `inbox of workspace ${workspace}: polling failed: ${messageOf(error)}`,
      `inbox of workspace ${workspace}: polling still fails: ${messageOf(error)}`,
    );
  }

  /**
   * Queues the activities in order (each kept on disk first); the cursor advances to the last one
   * the inbox accepted, and is saved after them, also when keeping one failed (that error then
   * goes on to `run`).
   */
  private take(activities: readonly unknown[]): void {
    const { workspace, inbox } = this.o;
    let cursor = this.cursor;
    try {
      for (const activity of activities) {
        if (!isRecord(activity)) continue;
        const id = activity.id;
        if (typeof id !== "string" && typeof id !== "number") continue;
        const { id: _id, ...fields } = activity;
        // activity_id first for the reader, and ours whatever the platform's fields hold.
        const message: InboxMessage = Object.assign(
          { activity_id: "" },
          fields,
          { activity_id: String(id) },
          this.o.tag ? { arrival_workspace_id: workspace } : {},
        );
        if (!inbox.offer(message, workspace)) {
          if (!this.fullReported)
            this.o.log(
              "warn",
              `inbox is full (${inbox.capacity} messages): new messages wait on the platform until handled ones are popped`,
            );
          this.fullReported = true;
          break;
        }
        this.fullReported = false;
        cursor = String(id);
      }
    } finally {
      if (cursor !== null && cursor !== this.cursor) {
        this.cursor = cursor;
        this.o.cursors.save(workspace, cursor);
      }
    }
  }
}
