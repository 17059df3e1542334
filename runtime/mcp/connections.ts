import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long a connection may stay open with no request in flight (none yet, or headers still coming). */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Holds `server` to at most `max` open connections. A connection is idle while it has no request
 * in flight: before its first request's headers are all in (a half-open or slow connection), and
 * between keep-alive requests. When a new connection would pass the cap, the oldest idle ones are
 * closed to make room; when none is idle, the new one is. A connection idle for `idleMs` is
 * closed, so that one that never sends its headers (slowloris) holds no place for long.
 */
export function limitConnections(
  server: Server,
  max: number,
  idleMs: number = HEADERS_TIMEOUT_MS,
): void {
  /** Open connections, oldest first, with their requests in flight. */
  const open = new Map<Socket, { busy: number; timer?: NodeJS.Timeout }>();

  const idleFor = (socket: Socket) => {
    const state = open.get(socket);
    if (state === undefined) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      if (open.get(socket)?.busy === 0) socket.destroy();
    }, idleMs);
    state.timer.unref();
  };

  server.on("connection", (socket: Socket) => {
    open.set(socket, { busy: 0 });
    socket.once("close", () => {
      clearTimeout(open.get(socket)?.timer);
      open.delete(socket);
    });
    idleFor(socket);
    // A destroyed connection leaves `open` on its close event, later: count the live ones.
    let live = 0;
    for (const other of open.keys()) if (!other.destroyed) live++;
    for (const [other, state] of open) {
      if (live <= max) break;
      if (other === socket || other.destroyed || state.busy > 0) continue;
      other.destroy();
      live--;
    }
    if (live > max) socket.destroy();
  });

  server.on("request", (request, response) => {
    const state = open.get(request.socket);
    if (state === undefined) return;
    state.busy++;
    clearTimeout(state.timer);
    response.once("close", () => {
      state.busy--;
      if (state.busy === 0) idleFor(request.socket);
    });
  });
}
