"""Where the HTTP bin listens: its socket, whether only this machine can reach it, and how many
connections it holds open (a port of runtime/mcp/loopback.ts and connections.ts)."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any

__all__ = ["IDLE_TIMEOUT", "capped_protocol", "is_loopback_address", "listen"]

IDLE_TIMEOUT = 10.0
"""How long a connection may stay open with no request in flight (none yet, or headers still
coming), in seconds."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` (a name is resolved by the system) and ``port``."""
    info = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    family, kind, proto, _, address = info[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(511)
    except OSError:
        sock.close()
        raise
    return sock


def is_loopback_address(address: str) -> bool:
    """Whether a server listening on ``address`` (as its socket reports it, or any written
    form of an IP address: ``[::1]``, ``0:0:0:0:0:0:0:1``, ``::ffff:7f00:1``…) can be reached
    only from this machine: 127.0.0.0/8 and ::1, an IPv4-mapped IPv6 address counting as its
    IPv4. A wildcard (``0.0.0.0``, ``::``) or a name is not: the bin asks its socket, which the
    system has already resolved (``localhost``, ``127.1``) to the one address it listens on."""
    bare = (
        address[1:-1] if address.startswith("[") and address.endswith("]") else address
    )
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


def capped_protocol(max_connections: int, idle_timeout: float = IDLE_TIMEOUT) -> Any:
    """uvicorn's HTTP protocol (``Config(http=...)``) holding the server to at most
    ``max_connections`` open connections. A connection is idle while it has no request in
    flight: before its first request's headers are all in (a half-open or slow connection), and
    between keep-alive requests. When a new connection would pass the cap, the oldest idle ones
    are closed to make room; when none is idle, the new one is. A connection idle for
    ``idle_timeout`` is closed, so that one that never sends its headers (slowloris) holds no
    place for long."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    base: Any = AutoHTTPProtocol
    # Open connections, oldest first (a dict keeps the order they came in).
    opened: dict[Any, None] = {}

    class CappedProtocol(base):  # type: ignore[misc]
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            opened[self] = None
            self._idle_for()
            live = sum(1 for c in opened if not c.transport.is_closing())
            for other in list(opened):
                if live <= max_connections:
                    break
                if other is self or other.transport.is_closing() or not other.idle():
                    continue
                other.transport.close()
                live -= 1
            if live > max_connections:
                transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            opened.pop(self, None)
            if self._timer is not None:
                self._timer.cancel()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._idle_for()

        def idle(self) -> bool:
            """No request in flight: none begun (headers not all in), or the last answered."""
            cycle = self.cycle
            return cycle is None or bool(cycle.response_complete)

        def _idle_for(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_later(idle_timeout, self._on_idle_timeout)

        def _on_idle_timeout(self) -> None:
            if self.idle() and not self.transport.is_closing():
                self.transport.close()

    return CappedProtocol
