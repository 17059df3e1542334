import type { InboxMessage } from "./message.js";

/**
 * Pushing an arrived inbox message to the MCP client, for clients that act on a notification
 * rather than wait for the agent to poll. Off by default; the method is the client's choice:
 * `notifications/message` (MCP's log message, which every client may show) unless another is
 * set, such as `notifications/claude/channel` (Claude Code's channels).
 */

/** What the MCP bin passes to start(): the runtime's way to the connected client. */
export interface Push {
  notify(
    method: string,
    params?: Readonly<Record<string, unknown>>,
  ): Promise<boolean>;
}

/** The method pushed when the setting says only `on`. */
export const DEFAULT_NOTIFY_METHOD = "notifications/message";

/** A notification method: `notifications/` and a path of letters, digits, `_`, `.` and `-`. */
const METHOD = /^notifications\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/**
 * The setting's value as a method, or null when off: unset, empty or `off` is off, `on` the
 * default method, anything else must be a notification method.
 */
export function notifyMethod(value: string | null): string | null {
  if (value === null) return null;
  const v = value.trim();
  if (v === "" || v.toLowerCase() === "off") return null;
  if (v.toLowerCase() === "on") return DEFAULT_NOTIFY_METHOD;
  if (!METHOD.test(v) || v.length > 200)
    throw new Error(
      `the inbox notification must be on, off or a notification method such as notifications/claude/channel, got ${JSON.stringify(v.slice(0, 60))}`,
    );
  return v;
}

/**
 * What the server must declare for `method`: logging for `notifications/message`; for another,
 * the experimental capability its name after `notifications/` gives (`claude/channel`), which is
 * how Claude Code knows to listen.
 */
export function notifyCapabilities(method: string): Record<string, object> {
  return method === DEFAULT_NOTIFY_METHOD
    ? { logging: {} }
    : { experimental: { [method.slice("notifications/".length)]: {} } };
}

/**
 * The notification for an arrived message. `notifications/message`: a log message at level
 * `info` from logger `inbox`, its data the message as inbox_peek shows it. Any other method:
 * `{ content, meta }`, as channels take it: the content a line saying what arrived and what to
 * do, then the message as JSON; meta its `activity_id` (and `arrival_workspace_id`).
 */
export function inboxNotification(
  method: string,
  message: InboxMessage,
): Record<string, unknown> {
  if (method === DEFAULT_NOTIFY_METHOD)
    return { level: "info", logger: "inbox", data: message };
  const meta: Record<string, string> = { activity_id: message.activity_id };
  if (message.arrival_workspace_id !== undefined)
    meta.arrival_workspace_id = message.arrival_workspace_id;
  return {
    content: `A message arrived in your inbox; handle it, then remove it with inbox_pop:\n${JSON.stringify(message)}`,
    meta,
  };
}
