"""The answer to a ``tools/call``, as a CallToolResult in JSON: no MCP SDK needed.

A port of runtime/mcp/serve.ts (toolAnswers) and results.ts, with the same words: arguments are
checked before anything runs, then the call goes to the platform through the client or to a
local tool's handler; bad arguments, a tool's former name and failed calls come back as
``isError`` results, since a bad call must teach the model, not break the session. A name the
spec never declared raises ``UnknownToolError``, which the server answers as the JSON-RPC error
-32602, as MCP 2025-11-25 says.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol, TypedDict

import anyio

from .distance import closest
from .handler import ClientPeer, HandlerContext, LocalHandler, ToolCaller
from .mcp_table import ToolTable
from .results import NO_CONTENT, result_text, to_json
from .tool_result import Content, ToolResult, result_problems
from .views import without_hidden

if sys.version_info >= (3, 11):
    from typing import NotRequired
else:  # pragma: no cover - Python 3.10
    from typing_extensions import NotRequired


INVALID_PARAMS = -32602
"""JSON-RPC's "invalid params": MCP answers a tools/call of an unknown tool with it."""


class UnknownToolError(Exception):
    """Raised for a tools/call naming no tool of the server, nor a former name of one; the
    server answers it as a JSON-RPC error with ``code`` and the message."""

    code = INVALID_PARAMS

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CallResult(TypedDict):
    """A CallToolResult as JSON: ``content``, and ``structuredContent`` or ``isError`` when set."""

    content: list[Content]
    structuredContent: NotRequired[object]
    isError: NotRequired[bool]


NAME_LIMIT = 120
"""The longest tool name echoed back in a message: a caller may send anything as a name."""

_Dispatch = Callable[
    [dict[str, object], anyio.Event, ClientPeer | None], Awaitable[object]
]


class LocalRuntime(Protocol):
    """What a runtime module's ``create_runtime(client, env)`` returns: the local tools'
    handlers, and optionally ``start()`` (called once the server serves) and ``stop()`` (called
    when the MCP client goes away), both coroutines."""

    @property
    def handlers(self) -> Mapping[str, LocalHandler]: ...


def success(value: object) -> CallResult:
    """A tool's answer as MCP text: strings as they are, anything else as indented JSON."""
    return {"content": [{"type": "text", "text": result_text(value, 2)}]}


def structured_success(name: str, value: object, problems: list[str]) -> CallResult:
    """The answer of a tool with an output schema: the value as ``structuredContent`` and the
    same JSON as text, or an isError result saying where the value does not fit."""
    if problems:
        return failure(
            f"The result of {name} does not fit its output schema:\n"
            + "\n".join(f"- {p}" for p in problems)
        )
    return {
        "content": [{"type": "text", "text": to_json(value, 2)}],
        "structuredContent": value,
    }


def rich_success(
    name: str,
    result: ToolResult,
    structured: bool,
    validate_output: Callable[[object], list[str]],
) -> CallResult:
    """A handler's rich result as MCP sends it, once its content is checked: the content in
    order (the structured content's JSON as text when it gives none, a sentence when it gives
    nothing), and the structured content, checked against the output schema of a tool that has
    one (``structured``)."""
    problems = result_problems(result)
    if problems:
        return failure(
            f"The result of {name} is not one MCP can carry:\n"
            + "\n".join(f"- {p}" for p in problems)
        )
    data = result.structured_content
    if structured and not result.is_error:
        if data is None:
            return failure(
                f"The result of {name} has no structuredContent, which its output schema"
                " requires"
            )
        wrong = validate_output(data)
        if wrong:
            return structured_success(name, data, wrong)
    content: list[Content] = [dict(block) for block in result.content]
    if not content:
        text = NO_CONTENT if data is None else to_json(data, 2)
        content = [{"type": "text", "text": text}]
    answer: CallResult = {"content": content}
    if data is not None:
        answer["structuredContent"] = data
    if result.is_error:
        answer["isError"] = True
    return answer


def failure(message: str) -> CallResult:
    """A failed call: the model reads the message and can correct itself."""
    return {"content": [{"type": "text", "text": message}], "isError": True}


def unknown_tool(name: str, names: list[str], renamed: Mapping[str, str]) -> str:
    shown = _quote(name)
    if name in renamed:
        return f"Unknown tool {shown}: it was renamed to {_quote(renamed[name])}."
    close = closest(name, names)
    if close is not None:
        return f"Unknown tool {shown}: did you mean {_quote(close)}?"
    return (
        f"Unknown tool {shown}: this server has no tool of that name; "
        "list the tools to see their names."
    )


def invalid_arguments(name: str, problems: list[str]) -> str:
    return f"Invalid arguments for {name}:\n" + "\n".join(f"- {p}" for p in problems)


def call_error_text(error: BaseException) -> str:
    """What went wrong, in the words of whoever raised: the message (the exception's class name
    when it has none), with the HTTP status of the client's PlatformError, which tells the model
    whether to retry. Never a traceback."""
    message = str(error) or type(error).__name__
    status = getattr(error, "status", None)
    if isinstance(status, int) and not isinstance(status, bool):
        return f"{message} (HTTP {status})"
    return message


def _quote(name: str) -> str:
    """JSON-quoted, so that control characters show, and cut short."""
    shown = f"{name[:NAME_LIMIT]}…" if len(name) > NAME_LIMIT else name
    return json.dumps(shown, ensure_ascii=False)


class ToolAnswers:
    """Every tool's answer, resolved once from the table, the client and the handlers.

    ``handle_tool_call`` is the framework-neutral entry: a platform with its own JSON-RPC loop
    passes a ``tools/call``'s name and arguments and sends back the dict it returns."""

    def __init__(
        self,
        table: ToolTable,
        client: ToolCaller | None,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> None:
        self.table = table
        self._names = [str(t["name"]) for t in table.tools]
        self._routes = _dispatch_table(table, client, handlers or {})

    @property
    def tools(self) -> tuple[dict[str, object], ...]:
        """Every tool as tools/list gives it."""
        return self.table.tools

    def has(self, name: str) -> bool:
        return name in self._routes

    async def handle_tool_call(
        self,
        name: str,
        arguments: Mapping[str, object] | None = None,
        cancelled: anyio.Event | None = None,
        peer: ClientPeer | None = None,
    ) -> CallResult:
        """The CallToolResult (as JSON) of a call: validated, dispatched, answered. ``cancelled``
        is the event the handler's context carries, set by whoever cancels the call; ``peer``
        carries a local handler's progress, log, elicit and sample to the client. Raises
        ``UnknownToolError`` for a name the spec never declared (answer it as the JSON-RPC
        error ``code`` -32602 with its message)."""
        table = self.table
        dispatch = self._routes.get(name)
        if dispatch is None:
            message = unknown_tool(name, self._names, table.renamed)
            if name in table.renamed:
                return failure(message)
            raise UnknownToolError(message)
        # An input the MCP view hides is never sent, whatever the caller gave; its schema
        # default is filled in before the check, as the caller could not give it.
        hidden = table.hidden.get(name, ())
        given = without_hidden(arguments if arguments is not None else {}, hidden)
        try:
            input = dict(given) if isinstance(given, Mapping) else {}
            problems = table.validate(
                name, table.with_defaults(name, input) if hidden else given
            )
            if problems:
                return failure(invalid_arguments(name, problems))
            value = await dispatch(
                table.with_defaults(name, input),
                cancelled if cancelled is not None else anyio.Event(),
                peer,
            )
            if isinstance(value, ToolResult):
                return rich_success(
                    name,
                    value,
                    name in table.structured,
                    lambda v: table.validate_output(name, v),
                )
            if name in table.structured:
                return structured_success(
                    name, value, table.validate_output(name, value)
                )
            return success(value)
        except Exception as error:  # noqa: BLE001 - every failure is the model's to read
            return failure(call_error_text(error))


def _dispatch_table(
    table: ToolTable,
    client: ToolCaller | None,
    handlers: Mapping[str, LocalHandler],
) -> dict[str, _Dispatch]:
    local = set(table.local)
    missing = [name for name in table.local if not callable(handlers.get(name))]
    if missing:
        raise TypeError(
            f"no handler for the local tool{_plural(missing)} {', '.join(missing)}"
        )
    strays = [name for name in handlers if name not in local]
    if strays:
        verb = "is" if len(strays) == 1 else "are"
        raise TypeError(
            f"handlers given for {', '.join(strays)}, which {verb} not a local tool"
        )
    if len(table.local) < len(table.tools) and not callable(
        getattr(client, "call", None)
    ):
        raise TypeError(
            "client must be the platform client (Client or client_from_env)"
        )

    routes: dict[str, _Dispatch] = {}
    for tool in table.tools:
        name = str(tool["name"])
        if name in local:
            routes[name] = _local(handlers[name], client)
        else:
            assert client is not None
            routes[name] = _remote(client, name)
    return routes


def _local(handler: LocalHandler, client: ToolCaller | None) -> _Dispatch:
    async def dispatch(
        input: dict[str, object], cancelled: anyio.Event, peer: ClientPeer | None
    ) -> object:
        ctx = HandlerContext(
            client=client or _NoClient(), cancelled=cancelled, via="MCP", peer=peer
        )
        return await handler(input, ctx)

    return dispatch


def _remote(client: ToolCaller, name: str) -> _Dispatch:
    async def dispatch(
        input: dict[str, object], cancelled: anyio.Event, peer: ClientPeer | None
    ) -> object:
        return await client.call(name, input)

    return dispatch


class _NoClient:
    """The client of a server of local tools only, given none: says so when called."""

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise RuntimeError(f"no platform client to call {name} with")


def _plural(items: list[str]) -> str:
    return "" if len(items) == 1 else "s"


def unhandled_local_tools(
    names: tuple[str, ...] | list[str],
) -> dict[str, LocalHandler]:
    """Handlers that answer every local tool with an error, for a runtime that implements none
    yet (the server's bin without ``targets.python.runtime``)."""

    def unhandled(name: str) -> LocalHandler:
        async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
            raise RuntimeError(f"this runtime has no handler for {name}")

        return handler

    return {name: unhandled(name) for name in names}
