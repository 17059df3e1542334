"""What a local tool's handler receives and returns, and the adapter for the platform's style.

A local tool is one the agent's runtime answers itself (no HTTP binding in tools.yaml). Its
handler is an async function taking the input as a dict and a ``HandlerContext``, as the
TypeScript handlers take ``(input, ctx)``; ``from_kwargs`` turns a coroutine that takes the
arguments as keyword arguments (``async def send(to, text): ...``) into one.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    import anyio


class ToolCaller(Protocol):
    """The part of the generated client a runtime uses: every HTTP tool goes through ``call``."""

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object: ...


def _event() -> anyio.Event:
    # anyio is imported on first use: importing the tools' module stays cheap.
    import anyio

    return anyio.Event()


LogLevel = Literal[
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"
]
"""MCP's log levels."""

LOG_LEVELS: tuple[LogLevel, ...] = (
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
)
"""MCP's log levels, least severe first."""


class ClientPeer(Protocol):
    """What a handler's context asks of the MCP client that made the call (``mcp_context``)."""

    async def progress(
        self, done: float, total: float | None, message: str | None
    ) -> None: ...

    async def log(self, level: LogLevel, data: object) -> None: ...

    async def elicit(
        self, message: str, schema: Mapping[str, object]
    ) -> dict[str, object]: ...

    async def sample(self, request: Mapping[str, object]) -> dict[str, object]: ...


@dataclass(frozen=True)
class HandlerContext:
    """What a handler gets besides its input: the client, to call the platform, ``cancelled``,
    set when the caller gives up on the call (the MCP client cancelled it, say), and four
    requests to whoever made the call. Under MCP ``progress`` and ``log`` become notifications
    and ``elicit`` and ``sample`` requests to the client; elsewhere (``via`` names where: the
    CLI, LangChain, dispatch) ``progress`` and ``log`` do nothing and ``elicit`` and ``sample``
    raise, saying why."""

    client: ToolCaller
    cancelled: anyio.Event = field(default_factory=_event)
    via: str = "this caller"
    peer: ClientPeer | None = None

    async def progress(
        self, done: float, total: float | None = None, message: str | None = None
    ) -> None:
        """How far the call has come (``done`` of ``total``, when known); sent only when the
        client asked for progress, at most one every 100 ms (the first and the last, ``done``
        reaching ``total``, always), and only values that grow."""
        if not _finite(done) or (total is not None and not _finite(total)):
            raise TypeError("progress: done and total must be finite numbers")
        if self.peer is not None:
            await self.peer.progress(done, total, message)

    async def log(self, level: LogLevel, data: object) -> None:
        """A log message to the client, sent at or above the level it set (logging/setLevel)."""
        if level not in LOG_LEVELS:
            raise TypeError(
                f"log: the level must be one of {', '.join(LOG_LEVELS)}, not {json_quote(level)}"
            )
        if self.peer is not None:
            await self.peer.log(level, data)

    async def elicit(
        self, message: str, schema: Mapping[str, object]
    ) -> dict[str, object]:
        """Asks the user to fill in a form (a flat object schema); answers
        ``{"action": "accept", "content": {...}}`` or ``{"action": "decline" | "cancel"}``."""
        if self.peer is None:
            raise RuntimeError(
                f"elicit: a tool called through {self.via} cannot ask the user a question; "
                "only the MCP server can, when its client declares elicitation"
            )
        return await self.peer.elicit(message, schema)

    async def sample(self, request: Mapping[str, object]) -> dict[str, object]:
        """Asks the client's model for a message: ``request`` as MCP's sampling/createMessage
        params (``messages``, ``maxTokens``, ...); answers its result (``role``, ``content``,
        ``model``, ``stopReason``)."""
        if self.peer is None:
            raise RuntimeError(
                f"sample: a tool called through {self.via} cannot ask a client's model; "
                "only the MCP server can, when its client declares sampling"
            )
        return await self.peer.sample(request)


def _finite(value: object) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
    )


def json_quote(value: object) -> str:
    """A value as JSON shows it, as the TypeScript runtime quotes it in messages."""
    import json

    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


LocalHandler = Callable[[dict[str, object], HandlerContext], Awaitable[object]]
"""A local tool's handler: the validated input (with its defaults) and the context in, the
result out (a string is shown as it is, anything else as JSON)."""


def from_kwargs(function: Callable[..., Awaitable[object]]) -> LocalHandler:
    """A handler from a coroutine function that takes the tool's arguments as keyword arguments,
    the platform's ``impl`` style. Only the arguments the function declares are passed (all of
    them when it takes ``**kwargs``); an argument whose name is a Python keyword (``from``,
    ``class``) cannot be a parameter, so it reaches the function only through ``**kwargs``. A
    parameter named ``ctx`` receives the ``HandlerContext``."""
    import inspect  # on first use: importing the tools' module stays cheap

    signature = inspect.signature(function)
    params = signature.parameters
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    named = {
        name
        for name, p in params.items()
        if p.kind
        in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }
    wants_ctx = "ctx" in named

    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        kwargs = {k: v for k, v in input.items() if takes_all or k in named}
        if wants_ctx:
            kwargs["ctx"] = ctx
        return await function(**kwargs)

    handler.__name__ = getattr(function, "__name__", "handler")
    handler.__doc__ = function.__doc__
    return handler
