"""Where the HTTP bin listens: its socket, and whether only this machine can reach it (a port
of runtime/mcp/loopback.ts)."""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["is_loopback_address", "listen"]


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
