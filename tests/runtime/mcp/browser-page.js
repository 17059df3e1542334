// The page the browser test opens: it calls each MCP server named in its config with fetch, as
// a web app would (initialize, tools/list, tools/call, and DELETE in session mode), then reports
// what it read, or the error it met, to its own origin's /result.

const PROTOCOL = "2025-11-25";

/** One JSON-RPC message POSTed; the answer read from JSON or from an SSE stream. */
async function rpc(url, session, message) {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": PROTOCOL,
  };
  if (session) headers["mcp-session-id"] = session;
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", ...message }),
  });
  const text = await response.text();
  let body = null;
  if ((response.headers.get("content-type") ?? "").includes("event-stream")) {
    for (const line of text.split("\n"))
      if (line.startsWith("data: ") && line.length > 6) {
        const data = JSON.parse(line.slice(6));
        if (data.id === message.id) body = data;
      }
  } else if (text !== "") body = JSON.parse(text);
  return {
    status: response.status,
    session: response.headers.get("mcp-session-id"),
    body,
  };
}

async function run(url) {
  const init = await rpc(url, null, {
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: "page", version: "0.0.0" },
    },
  });
  const session = init.session;
  await rpc(url, session, { method: "notifications/initialized" });
  const list = await rpc(url, session, { id: 2, method: "tools/list" });
  const call = await rpc(url, session, {
    id: 3,
    method: "tools/call",
    params: { name: "save", arguments: { content: "from a page" } },
  });
  let ended = null;
  if (session) {
    const deleted = await fetch(url, {
      method: "DELETE",
      headers: { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL },
    });
    ended = deleted.status;
  }
  return {
    session: session !== null,
    server: init.body.result.serverInfo.name,
    tools: list.body.result.tools.map((t) => t.name),
    call: call.body.result.content[0].text,
    ended,
  };
}

async function main() {
  const config = JSON.parse(document.getElementById("config").textContent);
  const report = { origin: location.origin };
  for (const [mode, url] of Object.entries(config)) {
    try {
      report[mode] = await run(url);
    } catch (error) {
      report[mode] = { error: String(error) };
    }
  }
  await fetch("/result", { method: "POST", body: JSON.stringify(report) });
}

void main();
