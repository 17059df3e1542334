import { describe, expect, it } from "vitest";
import type { HandlerContext } from "../../../runtime/shared/handler.js";
import type { LogLevel } from "../../../runtime/shared/handler.js";
import {
  base,
  clientLines,
  post,
  serve,
  serverLines,
  textOf,
} from "./http-helpers.js";
import { table } from "./serve-helpers.js";

// Stateless Streamable HTTP carries a tools/call's progress and log notifications: the call is
// answered as an SSE stream that ends with its result, when the client accepts SSE; every other
// request, and a client that accepts JSON alone, is answered as JSON. Real SDK clients of both
// lines against servers of both lines, over real HTTP on 127.0.0.1.

const page = "http://127.0.0.1:5173";

/** The local handler: the scenario of the conformance suite's tools-call-with-progress/-logging. */
const handlers = {
  whoami: async (_input: object, ctx: HandlerContext) => {
    await ctx.log("debug", { step: "start" });
    await ctx.progress(0, 100, "start");
    await ctx.progress(50, 100, "half");
    await ctx.log("info", "half way");
    await ctx.progress(100, 100, "done");
    await ctx.log("error", { step: "end" });
    return "worked";
  },
};

const call = (id = 7, meta: object = { progressToken: "p-1" }) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "whoami", arguments: {}, _meta: meta },
});

/** The messages of an SSE body, in order. */
function events(body: string): unknown[] {
  return body
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => JSON.parse(l.slice(5)) as unknown);
}

describe.each(serverLines)("stateless createHttpHandler with $name", (line) => {
  const url = () =>
    serve({ ...base, handlers }, { ...table(), sdks: line.sdks });

  it.each(clientLines)(
    "streams a call's progress and log to $name, then its result",
    async (clientLine) => {
      const client = await clientLine.connect(await url());
      const logged: { level: LogLevel; data: unknown }[] = [];
      client.setNotificationHandler(
        // The 1.x client takes the notification's schema, the 2.x client its method.
        (clientLine.name.includes("1.x")
          ? (await import("@modelcontextprotocol/sdk/types.js"))
              .LoggingMessageNotificationSchema
          : "notifications/message") as never,
        (n: { params: { level: LogLevel; data: unknown } }) => {
          logged.push(n.params);
        },
      );
      // A level set by an earlier POST is not known to the next POST's server: every level is sent.
      await client.setLoggingLevel("warning");
      const progress: unknown[] = [];
      const onprogress = (p: unknown) => progress.push(p);
      const result = clientLine.name.includes("1.x")
        ? await client.callTool({ name: "whoami", arguments: {} }, undefined, {
            onprogress,
          })
        : await client.callTool({ name: "whoami", arguments: {} }, {
            onprogress,
          } as never);
      expect(textOf(result)).toBe("worked");
      expect(progress).toEqual([
        { progress: 0, total: 100, message: "start" },
        { progress: 50, total: 100, message: "half" },
        { progress: 100, total: 100, message: "done" },
      ]);
      expect(logged).toEqual([
        { level: "debug", data: { step: "start" } },
        { level: "info", data: "half way" },
        { level: "error", data: { step: "end" } },
      ]);
    },
  );

  it("answers a tools/call as SSE that ends with the result, with CORS, and the rest as JSON", async () => {
    const served = await serve(
      { ...base, handlers, allowedOrigins: [page] },
      { ...table(), sdks: line.sdks },
    );
    const answer = await post(served, { origin: page }, call());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/event-stream");
    expect(answer.headers.get("access-control-allow-origin")).toBe(page);
    expect(answer.headers.get("access-control-expose-headers")).toContain(
      "mcp-protocol-version",
    );
    const sent = events(await answer.text()) as {
      method?: string;
      id?: number;
      result?: object;
    }[];
    expect(sent.map((m) => m.method ?? `answer ${m.id}`)).toEqual([
      "notifications/message",
      "notifications/progress",
      // 50 waits within the rate limit's interval; 100, the last, sends it first.
      "notifications/message",
      "notifications/progress",
      "notifications/progress",
      "notifications/message",
      "answer 7",
    ]);
    expect(sent.at(-1)!.result).toEqual({
      content: [{ type: "text", text: "worked" }],
    });
    const ping = await post(served, { origin: page });
    expect(ping.headers.get("content-type")).toBe("application/json");
    expect(await ping.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });

  it("answers a client that accepts JSON alone with the result as JSON, its notifications dropped", async () => {
    const served = await url();
    const answer = await post(served, { accept: "application/json" }, call());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(await answer.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { content: [{ type: "text", text: "worked" }] },
    });
    // A client that accepts neither JSON nor both is refused, as MCP asks.
    const sseOnly = await post(served, { accept: "text/event-stream" }, call());
    expect(sseOnly.status).toBe(406);
  });

  it("asks the token and the origin of a tools/call as of any POST", async () => {
    const served = await serve(
      { ...base, handlers, token: "s3cret-token" },
      { ...table(), sdks: line.sdks },
    );
    expect((await post(served, {}, call())).status).toBe(401);
    expect(
      (await post(served, { origin: "https://evil.example" }, call())).status,
    ).toBe(403);
    const answer = await post(
      served,
      { authorization: "Bearer s3cret-token" },
      call(),
    );
    expect(answer.headers.get("content-type")).toBe("text/event-stream");
    expect(events(await answer.text())).toHaveLength(7);
  });
});
