import type { JsonRpcMessage } from "./mcp-types.js";

/** The most bytes of messages one session keeps for replay, unless told otherwise (1 MiB). */
export const SESSION_EVENT_BYTES: number = 1024 * 1024;

/** The most messages one session keeps for replay, whatever their size. */
export const SESSION_EVENT_COUNT = 1000;

interface StoredEvent {
  readonly id: string;
  readonly stream: string;
  readonly message: JsonRpcMessage;
  readonly bytes: number;
}

/**
 * One session's event store, for resumption (`Last-Event-ID`): the SDK stores each message it
 * sends on a stream here, and replays a stream's messages after the last one a client saw when
 * it reconnects. Bounded: past `maxBytes` (messages as JSON) or `maxCount` messages, the oldest
 * are dropped; a client resuming after a dropped event gets 400 (it cannot be told what it
 * missed) rather than a silent gap. Event ids are a counter: the store is the session's own.
 */
export class BoundedEventStore {
  private readonly events = new Map<string, StoredEvent>();
  private next = 0;
  private bytes = 0;

  constructor(
    private readonly maxBytes: number = SESSION_EVENT_BYTES,
    private readonly maxCount: number = SESSION_EVENT_COUNT,
  ) {}

  async storeEvent(stream: string, message: JsonRpcMessage): Promise<string> {
    const id = String(++this.next);
    const bytes = Buffer.byteLength(JSON.stringify(message));
    this.events.set(id, { id, stream, message, bytes });
    this.bytes += bytes;
    // Map keeps insertion order: the first entries are the oldest.
    for (const [old, event] of this.events) {
      if (this.bytes <= this.maxBytes && this.events.size <= this.maxCount)
        break;
      this.events.delete(old);
      this.bytes -= event.bytes;
    }
    return id;
  }

  async getStreamIdForEventId(id: string): Promise<string | undefined> {
    return this.events.get(id)?.stream;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (id: string, message: JsonRpcMessage) => Promise<void> },
  ): Promise<string> {
    const last = this.events.get(lastEventId);
    if (last === undefined) return "";
    let after = false;
    for (const event of [...this.events.values()]) {
      if (event.id === lastEventId) after = true;
      // A priming event (an empty message that only carries an id) is not sent again.
      else if (
        after &&
        event.stream === last.stream &&
        "jsonrpc" in event.message
      )
        await send(event.id, event.message);
    }
    return last.stream;
  }
}
