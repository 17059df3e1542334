"""What a local tool's handler receives and returns, and the adapter for the platform's style.

A local tool is one the agent's runtime answers itself (no HTTP binding in tools.yaml). Its
handler is an async function taking the input as a dict and a ``HandlerContext``, as the
TypeScript handlers take ``(input, ctx)``; ``from_kwargs`` turns a coroutine that takes the
arguments as keyword arguments (``async def send(to, text): ...``) into one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

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


@dataclass(frozen=True)
class HandlerContext:
    """What a handler gets besides its input: the client, to call the platform, and ``cancelled``,
    set when the caller gives up on the call (the MCP client cancelled it, say)."""

    client: ToolCaller
    cancelled: anyio.Event = field(default_factory=_event)


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
