import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  clientLines,
  post,
  serveHandler,
  serverLines,
  textOf,
  type Connected,
} from "./http-helpers.js";
import { table, tools } from "./serve-helpers.js";

// Session mode with each SDK line's own Streamable HTTP client, on each line's server: the
// session id, notifications over SSE, resumption after a dropped connection, the bound, DELETE.

const LIST_CHANGED = "notifications/tools/list_changed";

/** What the client receives beside answers: notifications the client has no handler for. */
function heard(connected: Connected): string[] {
  const methods: string[] = [];
  (
    connected.client as unknown as {
      fallbackNotificationHandler: (n: { method: string }) => Promise<void>;
    }
  ).fallbackNotificationHandler = async (n) => void methods.push(n.method);
  return methods;
}

/** Resolves once `check` holds, polling; a hang fails the test by its timeout. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

/** The server side's responses, by method, so that a test can drop one as a network would. */
function responses() {
  const seen: { method: string; headers: object; res: ServerResponse }[] = [];
  return {
    seen,
    wrap: (req: { method?: string; headers: object }, res: ServerResponse) =>
      void seen.push({ method: req.method ?? "", headers: req.headers, res }),
    /** The GET (standalone SSE) streams whose headers are out: the transport has it registered. */
    streams: () =>
      seen.filter(
        (s) => s.method === "GET" && s.res.headersSent && !s.res.closed,
      ),
  };
}

describe.each(serverLines)(
  "createHttpHandler's session mode, $name",
  (line) => {
    const served = (
      options: Parameters<typeof serveHandler>[0] = {},
      wrap?: Parameters<typeof serveHandler>[3],
    ) =>
      serveHandler(
        { sessions: true, ...options },
        { ...table(), sdks: line.sdks },
        {},
        wrap,
      );

    it.each(clientLines)(
      "issues a session id to $name, answers in it, and ends it on DELETE",
      async (clientLine) => {
        const { url, handler } = await served();
        const connected = await clientLine.open(url);
        const id = connected.transport.sessionId;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(handler.sessions).toBe(1);
        const listed = await connected.client.listTools();
        expect(listed.tools.map((t) => t.name)).toEqual(
          tools.map((t) => t.name),
        );
        expect(
          textOf(
            await connected.client.callTool({ name: "whoami", arguments: {} }),
          ),
        ).toBe("an agent");
        await connected.transport.terminateSession();
        expect(handler.sessions).toBe(0);
        const after = await post(url, {
          "mcp-session-id": id!,
          "mcp-protocol-version": "2025-11-25",
        });
        expect(after.status).toBe(404);
      },
    );

    it.each(clientLines)(
      "streams notifications to $name over SSE and replays the ones a dropped stream missed",
      async (clientLine) => {
        const watch = responses();
        const { url, handler } = await served({}, watch.wrap);
        const connected = await clientLine.open(url);
        const methods = heard(connected);
        await until(() => watch.streams().length === 1);
        await handler.notify(LIST_CHANGED);
        await until(() => methods.length === 1);

        // The network drops the stream; what is sent meanwhile waits in the session's store.
        const [stream] = watch.streams();
        const closed = new Promise((r) => stream!.res.once("close", r));
        stream!.res.socket!.destroy();
        await closed;
        await new Promise((r) => setImmediate(r));
        await handler.notify(LIST_CHANGED, { n: 2 });
        await handler.notify(LIST_CHANGED, { n: 3 });

        await until(() => methods.length === 3);
        const resumed = watch.seen.filter(
          (s) => s.method === "GET" && "last-event-id" in s.headers,
        );
        expect(resumed).toHaveLength(1);
      },
    );

    it.each(clientLines)(
      "gives $name a call's answer after its stream dropped mid-call (Last-Event-ID)",
      async (clientLine) => {
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        let entered = false;
        const whoami = async () => {
          entered = true;
          await gate;
          return "answered late";
        };
        const watch = responses();
        const { url } = await served({ handlers: { whoami } }, watch.wrap);
        const connected = await clientLine.open(url);
        const call = connected.client.callTool({
          name: "whoami",
          arguments: {},
        });
        await until(() => entered);
        const posts = watch.seen.filter((s) => s.method === "POST");
        const inCall = posts[posts.length - 1]!;
        const closed = new Promise((r) => inCall.res.once("close", r));
        inCall.res.socket!.destroy();
        await closed;
        release();
        expect(textOf(await call)).toBe("answered late");
      },
    );

    it("holds at most maxSessions, closing the least recently used to make room", async () => {
      const { url, handler } = await served({ sessions: { maxSessions: 2 } });
      const [first, second, third] = [
        await clientLines[1]!.open(url),
        await clientLines[1]!.open(url),
        await clientLines[0]!.open(url),
      ];
      expect(handler.sessions).toBe(2);
      const ping = (c: Connected) =>
        post(url, {
          "mcp-session-id": c.transport.sessionId!,
          "mcp-protocol-version": "2025-11-25",
        });
      expect((await ping(first!)).status).toBe(404);
      expect((await ping(second!)).status).toBe(200);
      expect((await ping(third!)).status).toBe(200);
    });

    it("replays from its bounded store, and answers 400 to a resumption after a dropped message", async () => {
      const note = { jsonrpc: "2.0", method: LIST_CHANGED };
      const size = Buffer.byteLength(JSON.stringify(note));
      // Room for two notifications: the third pushes the first out.
      const { url, handler } = await served({
        sessions: { eventBytes: size * 2 },
      });
      const opened = await post(
        url,
        {},
        {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "raw", version: "0" },
          },
        },
      );
      await opened.text();
      const session = {
        "mcp-session-id": opened.headers.get("mcp-session-id")!,
        "mcp-protocol-version": "2025-11-25",
      };
      // No stream is open: each notification is only stored, under ids counted from the
      // initialize answer's own (its priming event and its result).
      for (let i = 0; i < 3; i++) await handler.notify(LIST_CHANGED);
      const resume = (last: string) =>
        fetch(url, {
          headers: {
            ...session,
            accept: "text/event-stream",
            "last-event-id": last,
          },
        });
      const dropped = await resume("3");
      expect(dropped.status).toBe(400);
      const kept = await resume("4");
      expect(kept.status).toBe(200);
      const reader = kept.body!.getReader();
      const { value } = await reader.read();
      const fields = Object.fromEntries(
        new TextDecoder()
          .decode(value)
          .trim()
          .split("\n")
          .map((line) => [
            line.slice(0, line.indexOf(":")),
            line.slice(line.indexOf(":") + 2),
          ]),
      );
      expect(fields.id).toBe("5");
      expect(JSON.parse(fields.data!)).toEqual(note);
      await reader.cancel();
    });

    it("closes a session left idle, and asks a request without a session to initialize first", async () => {
      const { url, handler } = await served({ sessions: { idleMs: 2000 } });
      const connected = await clientLines[0]!.open(url);
      // The client's own GET stream keeps the session busy; it is closed once that ends.
      await connected.client.close();
      await until(() => handler.sessions === 0);
      const orphan = await post(url);
      expect(orphan.status).toBe(400);
      expect(
        ((await orphan.json()) as { error: { message: string } }).error.message,
      ).toMatch(/initialize first/);
    });
  },
);
