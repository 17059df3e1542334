import { describe, expect, it } from "vitest";
import {
  inboxNotification,
  notifyCapabilities,
  notifyMethod,
} from "../../../reference/runtime/src/notify.js";

// The inbox notification's setting (MOLECULE_INBOX_NOTIFY) and what it pushes.

describe("the inbox notification's setting", () => {
  it.each([
    [null, null],
    ["", null],
    [" off ", null],
    ["OFF", null],
    ["on", "notifications/message"],
    ["On", "notifications/message"],
    ["notifications/claude/channel", "notifications/claude/channel"],
    ["notifications/cursor/channel", "notifications/cursor/channel"],
  ])("%j is %j", (value, method) => {
    expect(notifyMethod(value)).toBe(method);
  });

  it.each([
    "yes",
    "claude/channel",
    "notifications/",
    "notifications/a b",
    "notifications//x",
    `notifications/${"x".repeat(200)}`,
  ])("refuses %j", (value) => {
    expect(() => notifyMethod(value)).toThrow(
      /^the inbox notification must be on, off or a notification method/,
    );
  });
});

describe("what it pushes", () => {
  const message = {
    activity_id: "7",
    arrival_workspace_id: "ws-b",
    summary: 'a "quoted"\nline',
  };

  it("as a log message: the message itself as data, and logging declared", () => {
    expect(inboxNotification("notifications/message", message)).toEqual({
      level: "info",
      logger: "inbox",
      data: message,
    });
    expect(notifyCapabilities("notifications/message")).toEqual({
      logging: {},
    });
  });

  it("on another method: content and meta, the message as JSON on one line, and the experimental capability it names", () => {
    const pushed = inboxNotification("notifications/claude/channel", message);
    expect(pushed).toEqual({
      content: `A message arrived in your inbox; handle it, then remove it with inbox_pop:\n${JSON.stringify(message)}`,
      meta: { activity_id: "7", arrival_workspace_id: "ws-b" },
    });
    expect((pushed.content as string).split("\n")).toHaveLength(2);
    expect(notifyCapabilities("notifications/claude/channel")).toEqual({
      experimental: { "claude/channel": {} },
    });
  });
});
