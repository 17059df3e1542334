import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { realClock } from "@molecule/platform-runtime";
import { Inbox } from "../../../reference/runtime/src/inbox.js";
import { KeptMessages } from "../../../reference/runtime/src/kept.js";
import { tempDir } from "../../helpers/temp.js";

// The popped list beside the kept messages (<state>/inbox/<workspace>/popped.jsonl): bounded,
// read back after a restart, and robust to a crash while it is written. (inbox-state.isolated.test.ts
// holds the whole runtime to it across a restart and a 410.)

const message = (id: string) => ({ activity_id: id });
const poppedFile = (state: string) =>
  path.join(state, "inbox", "ws-a", "popped.jsonl");

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0))
    fs.rmSync(dir, { recursive: true, force: true });
});
function tempFolder(): string {
  const dir = tempDir("popped-list-");
  folders.push(dir);
  return dir;
}

/** An inbox over `state` as the runtime makes one at start: kept messages and popped keys restored. */
function open(state: string, remembered?: number) {
  const kept = new KeptMessages(state, remembered);
  const inbox = new Inbox(100, realClock, kept);
  inbox.restore(
    kept.load(["ws-a"], () => {}),
    kept.loadPopped(["ws-a"]),
  );
  return inbox;
}

describe("the popped list", () => {
  it("keeps at most twice the remembered keys, then the last ones, and a restart remembers them", () => {
    const state = tempFolder();
    const remembered = 3;
    const inbox = open(state, remembered);
    const ids = Array.from({ length: 2 * remembered + 2 }, (_, i) => `m${i}`);
    for (const id of ids) {
      inbox.offer(message(id), "ws-a");
      inbox.pop(id);
      const lines = fs.readFileSync(poppedFile(state), "utf8").split("\n");
      expect(lines.length - 1).toBeLessThanOrEqual(2 * remembered);
    }
    const again = open(state, remembered);
    // The last ones popped stay handled: offered again, they are not queued.
    for (const id of ids.slice(-remembered)) again.offer(message(id), "ws-a");
    expect(again.size).toBe(0);
    // One the list has forgotten is a new message.
    again.offer(message(ids[0]!), "ws-a");
    expect(again.peek(10)).toEqual([message(ids[0]!)]);
  });

  it("skips a torn last line, and drops a kept message whose pop a crash cut short", () => {
    const state = tempFolder();
    const first = open(state);
    for (const id of ["a1", "a2"]) first.offer(message(id), "ws-a");
    first.pop("a1");
    // A crash after a2's key was appended but before its file was removed, then a torn append.
    fs.appendFileSync(
      poppedFile(state),
      `${JSON.stringify("\u0000a2")}\n"\\u00`,
    );
    const files = () =>
      fs
        .readdirSync(path.join(state, "inbox", "ws-a"))
        .filter((n) => n.endsWith(".json"));
    expect(files()).toHaveLength(1);
    const second = open(state);
    expect(second.size).toBe(0);
    expect(files()).toEqual([]);
    for (const id of ["a1", "a2"]) second.offer(message(id), "ws-a");
    expect(second.size).toBe(0);
  });
});
