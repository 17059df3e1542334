import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { limitConnections } from "../../../runtime/mcp/connections.js";

// limitConnections on a real node:http server on 127.0.0.1, with real sockets: idle and
// half-open connections make room for new ones, a request in flight keeps its own, and an idle
// one is closed after the timeout. tests/python/test_mcp_connections.py holds both bins to it.

const CAP = 3;
const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** A server answering each request once its whole body is in; `idleMs` as given. */
async function serve(idleMs = 120_000): Promise<number> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  limitConnections(server, CAP, idleMs);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

async function connect(port: number, send = ""): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => {});
  await new Promise((r) => socket.once("connect", r));
  if (send !== "") socket.write(send);
  return socket;
}

/** Resolves true once the server has closed the socket (bounded by the test's own timeout). */
const closed = (socket: net.Socket) =>
  new Promise<boolean>((resolve) => {
    if (socket.readableEnded || socket.destroyed) resolve(true);
    socket.once("close", () => resolve(true));
    socket.resume();
  });

async function get(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return response.text();
}

describe("limitConnections", () => {
  it("closes the oldest idle and half-open connections to serve a new one", async () => {
    const port = await serve();
    const idle = [await connect(port), await connect(port)];
    const half = [
      await connect(port, "GET / HTTP/1.1\r\n"),
      await connect(port, "GET / HTTP/1.1\r\nHost: x\r\n"),
      await connect(port, "GET / HTTP/1.1\r\nHost: x\r\n"),
    ];
    expect(await get(port)).toBe("ok");
    // Six connections for a cap of three: the three oldest were closed, idle or half-open.
    await Promise.all([...idle, half[0]!].map(closed));
    for (const socket of half.slice(1))
      expect(socket.destroyed || socket.readableEnded).toBe(false);
  });

  it("keeps a connection whose request is in flight, and answers it", async () => {
    const port = await serve();
    const busy = await connect(
      port,
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab",
    );
    await get(port); // the server has read the busy request's headers by now
    for (let i = 0; i < CAP * 2; i++) await connect(port);
    expect(await get(port)).toBe("ok");
    let answer = "";
    busy.on("data", (d: Buffer) => (answer += d.toString()));
    busy.write("cd");
    await new Promise<void>((resolve) => {
      const check = () => (answer.includes("ok") ? resolve() : undefined);
      busy.on("data", check);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it("closes a connection that never sends its headers once idle for the timeout", async () => {
    const port = await serve(200);
    const slow = await connect(port, "GET / HTTP/1.1\r\n");
    expect(await closed(slow)).toBe(true);
    expect(await get(port)).toBe("ok");
  });
});
