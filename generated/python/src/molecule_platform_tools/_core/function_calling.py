"""Provider function calling without either provider's SDK: the tool definitions the OpenAI and
Anthropic APIs take, as plain data, and ``Dispatcher``, which runs one tool call a model made.

A port of runtime/function-calling/ (definitions.ts, dispatch.ts): the same definitions, equal as
JSON, and the same texts for the model. The generated ``function_calling`` module binds these to
its package's ``spec.json``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict, cast

from .data import SpecData, ToolData
from .defaults import fill_defaults
from .distance import closest
from .errors import ClientError
from .handler import HandlerContext, LocalHandler, ToolCaller
from .json_text import NOT_JSON_VALUE, parse_json
from .results import error_text, is_bug, result_text, to_json
from .rich_text import checked_result, rich_text
from .tool_result import ToolResult
from .validate import create_validator
from .views import resolve_view, view_schema, without_hidden

InputSchema = dict[str, object]
"""A tool's input schema: the JSON Schema object written in tools.yaml (``type: object``)."""


class ResponsesTool(TypedDict):
    """A function tool of the OpenAI Responses API (``tools`` of ``client.responses.create``)."""

    type: Literal["function"]
    name: str
    description: str
    parameters: InputSchema
    strict: Literal[False]
    """Strict mode needs every property required and no others allowed, which a spec may not
    say."""


class ChatFunction(TypedDict):
    name: str
    description: str
    parameters: InputSchema


class ChatTool(TypedDict):
    """A function tool of the OpenAI Chat Completions API (``tools`` of
    ``client.chat.completions.create``)."""

    type: Literal["function"]
    function: ChatFunction


class AnthropicTool(TypedDict):
    """A client tool of the Anthropic Messages API (``tools`` of ``client.messages.create``)."""

    name: str
    description: str
    input_schema: InputSchema


def _schema_of(tool: ToolData) -> InputSchema:
    # The schema less the inputs the function-calling view hides. Each definition holds its own
    # copy: a consumer may change one without changing the others or the table.
    hidden = resolve_view(tool, "functionCalling").hidden
    return copy.deepcopy(view_schema(tool["inputSchema"], hidden))


def _describe(tool: ToolData) -> str:
    """The function-calling view's description: the tool's short unless the spec's
    ``function_calling:`` block gives one."""
    return resolve_view(tool, "functionCalling").description


def openai_responses_tools(tools: Sequence[ToolData]) -> list[ResponsesTool]:
    """Every tool as an OpenAI Responses API function tool, in spec order (fresh copies)."""
    return [
        {
            "type": "function",
            "name": t["name"],
            "description": _describe(t),
            "parameters": _schema_of(t),
            "strict": False,
        }
        for t in tools
    ]


def openai_chat_tools(tools: Sequence[ToolData]) -> list[ChatTool]:
    """Every tool as an OpenAI Chat Completions function tool, in spec order (fresh copies)."""
    return [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": _describe(t),
                "parameters": _schema_of(t),
            },
        }
        for t in tools
    ]


def anthropic_tools(tools: Sequence[ToolData]) -> list[AnthropicTool]:
    """Every tool as an Anthropic Messages API tool, in spec order (fresh copies)."""
    return [
        {"name": t["name"], "description": _describe(t), "input_schema": _schema_of(t)}
        for t in tools
    ]


@dataclass(frozen=True)
class DispatchResult:
    """What ``Dispatcher.dispatch_result`` answers: the text for the model, and whether it tells
    of a failure (Anthropic's ``is_error``)."""

    text: str
    is_error: bool
    content: tuple[Mapping[str, object], ...] = ()
    """A local handler's rich result (ToolResult): its content as MCP gives it, for an API whose
    tool results carry images (Anthropic's tool_result, OpenAI's Responses function_call_output);
    ``text`` names each block that is no text instead."""
    structured_content: Mapping[str, object] | None = None


def _failed(text: str) -> DispatchResult:
    return DispatchResult(text=text, is_error=True)


class Dispatcher:
    """Runs the tool calls of a model against one spec's tools.

    ``dispatch_result`` answers the text to send back to the model, with whether it tells of a
    failure: the result, or what went wrong in words the model can act on (an unknown or renamed
    tool, arguments that are not JSON or do not fit the schema, the platform's refusal with its
    status). It raises only for the caller's own mistakes (no client, a local tool without a
    handler), a bug in a handler (``results.is_bug``), or a cancelled call.
    """

    def __init__(self, spec: SpecData) -> None:
        self._tools = list(spec["client"]["tools"])
        self._by_name = {t["name"]: t for t in self._tools}
        self._renamed = dict(spec["functionCalling"]["renamed"])
        self._validate = create_validator(
            {t["name"]: t["inputSchema"] for t in self._tools}, spec["patterns"]
        )

    async def dispatch(
        self,
        name: str,
        arguments: object,
        *,
        client: ToolCaller,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> str:
        """``dispatch_result``'s text alone: what to send back to the model."""
        result = await self.dispatch_result(
            name, arguments, client=client, handlers=handlers
        )
        return result.text

    async def dispatch_result(
        self,
        name: str,
        arguments: object,
        *,
        client: ToolCaller,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> DispatchResult:
        """Runs one tool call: ``name`` as the model gave it, ``arguments`` as the provider did
        (OpenAI's JSON text, empty or None for none; Anthropic's dict)."""
        _check_client("dispatch", client)
        tool = self._by_name.get(name) if isinstance(name, str) else None
        if tool is None:
            return _failed(self._unknown_tool(name))
        tool_name = tool["name"]
        try:
            value = _parse_arguments(arguments)
        except ValueError:
            return _failed(f"Error from {tool_name}: {NOT_JSON}")
        # An input the function-calling view hides is never sent, whatever the model gave; its
        # schema default is filled in before the check, as the model could not give it.
        hidden = resolve_view(tool, "functionCalling").hidden
        value = without_hidden(value, hidden)
        problems = self._validate(
            tool_name, fill_defaults(tool["inputSchema"], value) if hidden else value
        )
        if problems:
            return _failed(
                f"Error from {tool_name}: invalid input: {'; '.join(problems)}"
            )
        # Valid for an object schema (tools.yaml requires one), so a dict.
        input = cast("dict[str, object]", fill_defaults(tool["inputSchema"], value))
        handler: LocalHandler | None = None
        if tool["local"]:
            handler = (handlers or {}).get(tool_name)
            if not callable(handler):
                raise TypeError(
                    f"dispatch: no handler for the local tool '{tool_name}'"
                )
        try:
            if handler is not None:
                answer = await handler(
                    dict(input), HandlerContext(client=client, via="dispatch")
                )
            else:
                answer = await client.call(tool_name, input)
            if isinstance(answer, ToolResult):
                rich = checked_result(tool_name, answer)
                return DispatchResult(
                    text=rich_text(rich),
                    is_error=rich.is_error,
                    content=tuple(rich.content),
                    structured_content=rich.structured_content,
                )
            return DispatchResult(text=result_text(answer), is_error=False)
        except Exception as error:
            readable = isinstance(error, ClientError) or (
                tool["local"] and not is_bug(error)
            )
            if not readable:
                raise
            return _failed(error_text(tool_name, error))

    def _unknown_tool(self, name: object) -> str:
        """The text for a name the spec has no tool by: its new name, a near miss, or the list."""
        shown = to_json(name if isinstance(name, str) else str(name))
        renamed = self._renamed.get(name) if isinstance(name, str) else None
        if renamed is not None:
            return f'Error: there is no tool {shown}: it was renamed to "{renamed}"'
        names = [t["name"] for t in self._tools]
        near = closest(name, names) if isinstance(name, str) else None
        if near is None:
            return f"Error: there is no tool {shown} (tools: {', '.join(names)})"
        return f'Error: there is no tool {shown}: did you mean "{near}"?'


NOT_JSON = "the arguments are not valid JSON: send the tool's inputs as one JSON object"
"""What the model reads for arguments that are not JSON: toolgen's words, never the parser's
(Python's and V8's differ), as runtime/function-calling/dispatch.ts words it."""


def _check_client(caller: str, client: object) -> None:
    """What a consumer passes as ``client`` must be the platform client (its ``call``)."""
    if not callable(getattr(client, "call", None)):
        raise TypeError(
            f"{caller}: 'client' must be the platform client (Client or client_from_env)"
        )


# JavaScript's String.prototype.trim: its WhiteSpace and LineTerminator characters.
_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def _parse_arguments(arguments: object) -> object:
    """OpenAI sends the arguments as JSON text (empty for none), Anthropic as an object.
    Raises ``ValueError`` for text that is not JSON (as ``JSON.parse`` reads it)."""
    if arguments is None:
        return {}
    if not isinstance(arguments, str):
        return arguments
    if arguments.strip(_JS_SPACE) == "":
        return {}
    value = parse_json(arguments)
    if value is NOT_JSON_VALUE:
        raise ValueError("not JSON")
    return value
