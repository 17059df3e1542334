"""The tools over MCP's Streamable HTTP transport, as an ASGI app: a port of
runtime/mcp/http.ts. Needs the ``[mcp]`` extra.

Stateless: each POST is answered by a fresh transport, as JSON, but a ``tools/call`` whose
client accepts SSE as an SSE stream that carries the call's progress and log notifications and
closes with its result (so nothing outlives the POST); GET and DELETE (streams and sessions)
are refused with 405; the TypeScript server's session mode (``--sessions``) has no
port here yet. The Origin header and the bearer token are checked before anything else is
read; a CORS preflight of a listed origin is answered, and its answers carry CORS headers.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Collection, Mapping, MutableMapping
from typing import Any

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from .handler import LocalHandler, ToolCaller
from .mcp_cors import cors_headers, preflight_headers
from .mcp_jsonrpc import read_message
from .mcp_origin import bearer_matches, normalize_origin, origin_allowed
from .mcp_server import create_server
from .mcp_table import ToolTable

__all__ = ["BODY_LIMIT", "HttpApp", "create_http_app", "env_token"]

_METHODS = "POST, OPTIONS"
"""What the stateless server answers: POST, and a preflight."""

BODY_LIMIT = 4 * 1024 * 1024
"""The largest request body served: a tool call's arguments, not a file upload."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class HttpApp:
    """An ASGI app serving the tools at any path it is mounted on. Its ASGI lifespan runs the
    SDK's request manager; without a server that sends lifespan events, wrap the serving in
    ``async with app.running():``."""

    def __init__(
        self,
        managers: tuple[StreamableHTTPSessionManager, StreamableHTTPSessionManager],
        allowed: frozenset[str],
        token: str | None,
    ) -> None:
        self._json, self._stream = managers
        self._allowed = allowed
        self._token = token

    @contextlib.asynccontextmanager
    async def running(self) -> Any:
        """The request managers' life, as an async context manager."""
        async with self._json.run(), self._stream.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self._serve(scope, receive, tracked)
        except Exception:  # noqa: BLE001 - answered 500, whatever it was
            # A fault of the server's own: said without details, not the caller's business.
            if not started:
                await refuse(send, 500, "Internal error", code=-32603)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        message = await receive()
        if message["type"] != "lifespan.startup":
            return
        async with self.running():
            await send({"type": "lifespan.startup.complete"})
            await receive()
        await send({"type": "lifespan.shutdown.complete"})

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        origin = headers.get("origin")
        if not origin_allowed(origin, self._allowed):
            return await refuse(send, 403, "Forbidden: this origin may not call")
        cors = cors_headers(origin, self._allowed)
        # A preflight never carries the token: it is answered before the token is asked.
        if scope.get("method") == "OPTIONS":
            return await self._preflight(send, origin)
        if self._token is not None and not bearer_matches(
            headers.get("authorization"), self._token
        ):
            return await refuse(
                send,
                401,
                "Unauthorized: a bearer token is needed",
                {**cors, "www-authenticate": "Bearer"},
            )
        if scope.get("method") != "POST":
            return await refuse(
                send,
                405,
                "Method not allowed: this server is stateless; POST each JSON-RPC message",
                {**cors, "allow": _METHODS},
            )
        body = await _read_body(receive)
        if body is None:
            return await refuse(send, 413, "Payload too large", cors)
        # One message a POST, read as stdio reads a line, before the SDK sees it.
        read = read_message(body.decode("utf-8", "replace"))
        if read.refusal is not None:
            return await _answer(send, 400, read.refusal, cors)
        message = read.message or {}
        body = json.dumps(message).encode()
        streamed = message.get("method") == "tools/call" and _accepts_sse(
            headers.get("accept")
        )
        manager = self._stream if streamed else self._json
        await manager.handle_request(
            scope, _replay(body, receive), _with_headers(send, cors)
        )

    async def _preflight(self, send: Send, origin: str | None) -> None:
        """A listed origin is told what it may send (204); an unlisted localhost page gets no
        CORS headers (403); a request without Origin (not a browser) is told the methods."""
        if origin is not None and origin not in self._allowed:
            return await refuse(
                send,
                403,
                "Forbidden: CORS is only for the origins given with --allow-origin",
                cors_headers(origin, self._allowed),
            )
        headers = {"allow": _METHODS} if origin is None else preflight_headers(origin)
        raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
        await send({"type": "http.response.start", "status": 204, "headers": raw})
        await send({"type": "http.response.body", "body": b""})


def create_http_app(
    table: ToolTable,
    *,
    client: ToolCaller | None,
    handlers: Mapping[str, LocalHandler] | None = None,
    name: str | None = None,
    version: str | None = None,
    instructions: str | None = None,
    allowed_origins: Collection[str] = (),
    token: str | None = None,
    env: Mapping[str, str] | None = None,
) -> HttpApp:
    """The tools over Streamable HTTP, for any ASGI server: requests from other origins than
    localhost's and ``allowed_origins`` (each ``scheme://host[:port]``) are refused (403), and
    with a token, requests without it (401). ``token`` defaults to the value of the spec's
    ``http_token_env`` in ``env``, when set and not empty. Wrong options raise here, once."""
    server = create_server(
        table,
        client=client,
        handlers=handlers,
        name=name,
        version=version,
        instructions=instructions,
    )
    allowed = frozenset(_allowed_origin(text) for text in allowed_origins)
    if token is None:
        token = env_token(table, env or {})
    elif not isinstance(token, str) or token == "":
        raise TypeError("create_http_app: token must be a non-empty string")
    managers = tuple(
        StreamableHTTPSessionManager(
            app=server,
            json_response=json_response,
            stateless=True,
            security_settings=None,
        )
        for json_response in (True, False)
    )
    return HttpApp((managers[0], managers[1]), allowed, token)


def env_token(table: ToolTable, env: Mapping[str, str]) -> str | None:
    """The token of the spec's ``http_token_env``, when the environment sets it."""
    name = table.server.http_token_env
    value = None if name is None else env.get(name)
    return value or None


def _allowed_origin(text: str) -> str:
    origin = normalize_origin(text)
    if origin is None:
        raise TypeError(
            f"create_http_app: allowed origin {json.dumps(text)} is not an origin "
            "(scheme://host[:port])"
        )
    return origin


async def refuse(
    send: Send,
    status: int,
    message: str,
    headers: Mapping[str, str] | None = None,
    code: int = -32000,
) -> None:
    """A JSON-RPC error answer with no id: the request was not read."""
    answer = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    await _answer(send, status, answer, headers)


async def _answer(
    send: Send,
    status: int,
    answer: Mapping[str, object],
    headers: Mapping[str, str] | None = None,
) -> None:
    body = json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode()
    raw = [
        (k.encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()
    ]
    raw += [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


def _accepts_sse(accept: str | None) -> bool:
    """Whether the client accepts an SSE stream beside JSON, as MCP asks (runtime/mcp/http.ts's
    answerAs): a client that accepts JSON alone is answered JSON, its notifications dropped."""
    types = {t.split(";")[0].strip().lower() for t in (accept or "").split(",")}
    return {"application/json", "text/event-stream"} <= types


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name; a repeated one joined with ", "."""
    out: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        name = bytes(key).decode("latin-1").lower()
        text = bytes(value).decode("latin-1")
        out[name] = f"{out[name]}, {text}" if name in out else text
    return out


async def _read_body(receive: Receive) -> bytes | None:
    """The request's body, or None when it is longer than BODY_LIMIT."""
    chunks: list[bytes] = []
    length = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        length += len(chunk)
        if length > BODY_LIMIT:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _with_headers(send: Send, headers: Mapping[str, str]) -> Send:
    """A send that adds ``headers`` to the response's start."""
    if not headers:
        return send
    extra = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]

    async def sent(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return sent


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body read, then what the connection sends next."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
