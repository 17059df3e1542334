"""CORS for the origins given explicitly (``--allow-origin``, ``allowed_origins``): a port of
runtime/mcp/cors.ts. A browser page of one of them may read what the server answers;
localhost pages are served when they call (see mcp_origin.py) but get no CORS headers unless
listed, and other origins are refused before this is asked."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

__all__ = ["cors_headers", "preflight_headers"]

_METHODS = "POST, GET, DELETE, OPTIONS"
"""The methods a listed page may use: POST messages, GET a session's stream, DELETE a session."""

_REQUEST_HEADERS = "content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id"
"""The request headers an MCP client sends beside the ones CORS always allows."""

_EXPOSED_HEADERS = "mcp-session-id, mcp-protocol-version, www-authenticate"
"""The response headers a page may read beside CORS's safe ones."""

_PREFLIGHT_MAX_AGE = "600"
"""How long a browser may keep a preflight's answer (seconds)."""


def cors_headers(origin: str | None, listed: AbstractSet[str]) -> dict[str, str]:
    """The headers every answer to this Origin carries: CORS's, when the origin is listed
    (exactly, as browsers send it), and ``Vary: Origin`` whenever any is listed."""
    if not listed:
        return {}
    if origin is None or origin not in listed:
        return {"vary": "origin"}
    return {
        "vary": "origin",
        "access-control-allow-origin": origin,
        "access-control-expose-headers": _EXPOSED_HEADERS,
    }


def preflight_headers(origin: str) -> dict[str, str]:
    """A preflight's answer for a listed origin: what it may send, and for how long."""
    return {
        "vary": "origin",
        "access-control-allow-origin": origin,
        "access-control-allow-methods": _METHODS,
        "access-control-allow-headers": _REQUEST_HEADERS,
        "access-control-max-age": _PREFLIGHT_MAX_AGE,
    }
