"""The generated ``<module>.function_calling``'s functions, bound to the package's spec: the
providers' tool definitions as plain data, and dispatch; neither SDK is imported."""

from __future__ import annotations

from collections.abc import Mapping

from .data import SpecData
from .function_calling import (
    AnthropicTool,
    ChatTool,
    Dispatcher,
    DispatchResult,
    ResponsesTool,
    anthropic_tools,
    openai_chat_tools,
    openai_responses_tools,
)
from .handler import LocalHandler, ToolCaller


class FunctionCallingSurface:
    """One package's definitions for OpenAI and Anthropic, and its dispatch."""

    def __init__(self, spec: SpecData) -> None:
        self._spec = spec
        self._dispatcher = Dispatcher(spec)

    def openai_responses_tools(self) -> list[ResponsesTool]:
        """The tools for OpenAI's Responses API (``tools=``), fresh copies."""
        return openai_responses_tools(self._spec["client"]["tools"])

    def openai_chat_tools(self) -> list[ChatTool]:
        """The tools for OpenAI's Chat Completions API, fresh copies."""
        return openai_chat_tools(self._spec["client"]["tools"])

    def anthropic_tools(self) -> list[AnthropicTool]:
        """The tools for Anthropic's Messages API, fresh copies."""
        return anthropic_tools(self._spec["client"]["tools"])

    async def dispatch(
        self,
        name: str,
        arguments: object,
        *,
        client: ToolCaller,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> str:
        """Runs a model's tool call (``arguments`` as the provider gives them: a JSON string or
        a dict) and returns the text to send back; a failed call is answered with its error
        text."""
        return await self._dispatcher.dispatch(
            name, arguments, client=client, handlers=handlers
        )

    async def dispatch_result(
        self,
        name: str,
        arguments: object,
        *,
        client: ToolCaller,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> DispatchResult:
        """As ``dispatch``, with whether the call failed (``is_error``), for a provider that
        marks failed tool results."""
        return await self._dispatcher.dispatch_result(
            name, arguments, client=client, handlers=handlers
        )
