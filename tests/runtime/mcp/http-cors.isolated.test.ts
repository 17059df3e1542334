import { describe, expect, it } from "vitest";
import { post, serve } from "./http-helpers.js";

// CORS as a browser asks for it, by hand: the page in headless Chromium (browser.e2e.test.ts)
// shows that a browser accepts these answers; here each header is held, in both modes.

const page = "http://127.0.0.1:5173";

function preflight(url: URL, origin: string): Promise<Response> {
  return fetch(url, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, mcp-session-id",
    },
  });
}

describe.each([
  { mode: "stateless", sessions: false },
  { mode: "session", sessions: true },
])("createHttpHandler's CORS, $mode", ({ sessions }) => {
  it("answers a listed origin's preflight with 204 and what it may send", async () => {
    const url = await serve({ allowedOrigins: [page], sessions });
    const answer = await preflight(url, page);
    expect(answer.status).toBe(204);
    const h = answer.headers;
    expect(h.get("access-control-allow-origin")).toBe(page);
    expect(h.get("vary")).toBe("origin");
    expect(h.get("access-control-allow-methods")).toBe(
      "POST, GET, DELETE, OPTIONS",
    );
    expect(h.get("access-control-allow-headers")!.split(", ")).toEqual(
      expect.arrayContaining([
        "content-type",
        "authorization",
        "mcp-session-id",
        "mcp-protocol-version",
        "last-event-id",
      ]),
    );
  });

  it("answers a preflight before asking the token, which a preflight never carries", async () => {
    const url = await serve({ allowedOrigins: [page], sessions, token: "t0k" });
    expect((await preflight(url, page)).status).toBe(204);
    const refused = await post(url, { origin: page });
    expect(refused.status).toBe(401);
    // The page can read why it was refused.
    expect(refused.headers.get("access-control-allow-origin")).toBe(page);
  });

  it("gives a listed origin's answers CORS headers, the session id exposed", async () => {
    const url = await serve({ allowedOrigins: [page], sessions });
    const answer = await post(
      url,
      { origin: page },
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "page", version: "0" },
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(page);
    expect(answer.headers.get("vary")).toBe("origin");
    expect(
      answer.headers.get("access-control-expose-headers")!.split(", "),
    ).toEqual(
      expect.arrayContaining(["mcp-session-id", "mcp-protocol-version"]),
    );
    expect(answer.headers.has("mcp-session-id")).toBe(sessions);
  });

  it("gives an unlisted localhost page no CORS: served, but its browser cannot read", async () => {
    const url = await serve({ allowedOrigins: [page], sessions });
    const other = "http://localhost:5173";
    const answer = await preflight(url, other);
    expect(answer.status).toBe(403);
    expect(answer.headers.has("access-control-allow-origin")).toBe(false);
    const served = await post(url, { origin: other });
    expect(served.headers.has("access-control-allow-origin")).toBe(false);
    // Nothing listed: no CORS at all, not even for localhost pages.
    const none = await serve({ sessions });
    expect((await preflight(none, page)).status).toBe(403);
    expect((await post(none, { origin: page })).headers.has("vary")).toBe(
      false,
    );
  });

  it("still refuses a foreign origin with 403, preflight or not", async () => {
    const url = await serve({ allowedOrigins: [page], sessions });
    for (const answer of [
      await preflight(url, "https://evil.example"),
      await post(url, { origin: "https://evil.example" }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.headers.has("access-control-allow-origin")).toBe(false);
    }
  });
});
