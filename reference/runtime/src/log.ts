import type { Clock } from "./clock.js";

/**
 * Where the runtime reports what the agent cannot see: refused registrations, failed polls.
 * One line each, never a token. The default writes to stderr, since an MCP stdio server's
 * stdout belongs to the protocol.
 */
export type Log = (level: "info" | "warn" | "error", message: string) => void;

export const stderrLog: Log = (level, message) => {
  process.stderr.write(`molecule-runtime ${level}: ${message}\n`);
};

/**
 * Repeated failures of one kind (a workspace's refused token, an unreachable platform) are
 * reported loudly the first time, then at most once per `everyMs` with a count, so that a
 * 5-second loop cannot flood the log. A success resets it.
 */
export class RateLimitedLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly log: Log,
    private readonly clock: Clock,
    private readonly everyMs: number,
  ) {}

  report(
    key: string,
    level: "warn" | "error",
    first: string,
    again: string,
  ): void {
    const now = this.clock.now();
    const seen = this.last.get(key);
    if (seen === undefined) {
      this.last.set(key, { at: now, suppressed: 0 });
      this.log(level, first);
      return;
    }
    if (now - seen.at < this.everyMs) {
      seen.suppressed += 1;
      return;
    }
    this.log(
      level,
      `${again} (${seen.suppressed + 1} failure${seen.suppressed === 0 ? "" : "s"} since the last report)`,
    );
    this.last.set(key, { at: now, suppressed: 0 });
  }

  /** The failure is over; the next one is reported in full again. Returns whether it had been reported. */
  clear(key: string): boolean {
    return this.last.delete(key);
  }
}
