"""Who may call the MCP server over HTTP: the Origin and bearer-token rules of
runtime/mcp/origin.ts and bearer.ts.

DNS-rebinding protection, as the MCP specification asks of a Streamable HTTP server: a browser
page may send requests to a local server, and its Origin header says whose page it is.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Collection
from urllib.parse import urlsplit

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""The hosts whose pages may always call: the user's own machine."""

_DEFAULT_PORTS = {"http": 80, "https": 443}
# fullmatch, not $: in Python $ also matches before a final newline.
_BEARER = re.compile(r"Bearer +(\S+) *", re.IGNORECASE)
# What WHATWG's URL parser strips from both ends of the text before reading it.
_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))


def origin_allowed(origin: str | None, allowed: Collection[str]) -> bool:
    """Whether a request with this Origin header may be served: none (not a browser), a
    localhost origin (any port, http or https), or one of ``allowed`` (exact origins, from
    ``normalize_origin``)."""
    if origin is None:
        return True
    parts = _parse(origin)
    if parts is None:
        return False
    scheme, host, _ = parts
    if scheme in _DEFAULT_PORTS and host.strip("[]") in LOCAL_HOSTS:
        return True
    return _origin_of(origin) in allowed


def normalize_origin(text: str) -> str | None:
    """``scheme://host[:port]`` in the form browsers send it (lower case, default port left
    out), or None when the text is not exactly an http(s) origin (a path, a query,
    credentials…)."""
    try:
        split = urlsplit(text.strip(_C0_AND_SPACE))
    except ValueError:
        return None
    if split.scheme.lower() not in _DEFAULT_PORTS:
        return None
    if (
        "@" in split.netloc
        or split.path not in ("", "/")
        or split.query
        or split.fragment
    ):
        return None
    return _origin_of(text)


def _origin_of(text: str) -> str | None:
    parts = _parse(text)
    if parts is None:
        return None
    scheme, host, port = parts
    shown = "" if port is None or port == _DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{host}{shown}"


def _parse(text: str) -> tuple[str, str, int | None] | None:
    """The scheme, host (IPv6 in brackets) and port of a URL, or None when it is no URL with a
    host."""
    try:
        split = urlsplit(text.strip(_C0_AND_SPACE))
        port = split.port
    except ValueError:
        return None
    scheme = split.scheme.lower()
    host = split.hostname
    if not scheme or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    return scheme, host, port


def bearer_matches(header: str | None, token: str) -> bool:
    """Whether the Authorization header carries ``Bearer <token>``. Both sides are hashed
    first, so that the comparison takes the same time whatever the guess."""
    match = _BEARER.fullmatch(header or "")
    given = _digest(match.group(1) if match else "")
    return hmac.compare_digest(given, _digest(token)) and match is not None


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
