import { describe, expect, it } from "vitest";
import { BoundedEventStore } from "../../../runtime/mcp/event-store.js";
import type { JsonRpcMessage } from "../../../runtime/mcp/mcp-types.js";

// The session's event store alone: what it replays, and the bound it keeps.

const note = (n: number): JsonRpcMessage => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { n },
});

async function replay(store: BoundedEventStore, after: string) {
  const sent: [string, unknown][] = [];
  const stream = await store.replayEventsAfter(after, {
    send: async (id, message) => void sent.push([id, message]),
  });
  return { stream, sent };
}

describe("BoundedEventStore", () => {
  it("replays a stream's messages after the last one seen, not another stream's nor priming events", async () => {
    const store = new BoundedEventStore();
    const first = await store.storeEvent("a", note(1));
    await store.storeEvent("b", note(2));
    await store.storeEvent("a", {} as JsonRpcMessage);
    const third = await store.storeEvent("a", note(3));
    expect(await store.getStreamIdForEventId(first)).toBe("a");
    expect(await replay(store, first)).toEqual({
      stream: "a",
      sent: [[third, note(3)]],
    });
  });

  it("drops the oldest messages past its bytes or its count, and then knows none of them", async () => {
    const size = Buffer.byteLength(JSON.stringify(note(1)));
    const byBytes = new BoundedEventStore(size * 2);
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await byBytes.storeEvent("a", note(n)));
    expect(await byBytes.getStreamIdForEventId(ids[0]!)).toBeUndefined();
    expect((await replay(byBytes, ids[0]!)).stream).toBe("");
    expect((await replay(byBytes, ids[1]!)).sent).toEqual([[ids[2], note(3)]]);

    const byCount = new BoundedEventStore(1024 * 1024, 2);
    const kept = [];
    for (const n of [1, 2, 3])
      kept.push(await byCount.storeEvent("a", note(n)));
    expect(await byCount.getStreamIdForEventId(kept[0]!)).toBeUndefined();
    expect(await byCount.getStreamIdForEventId(kept[1]!)).toBe("a");
  });
});
