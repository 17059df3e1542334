"""The generated ``<module>.function_calling``'s functions, bound to the package's spec: the
providers' tool definitions as plain data, and dispatch; neither SDK is imported."""

from __future__ import annotations

from .data import SpecData
from .function_calling import (
    AnthropicTool,
    ChatTool,
    Dispatcher,
    ResponsesTool,
    anthropic_tools,
    openai_chat_tools,
    openai_responses_tools,
)


class FunctionCallingSurface(Dispatcher):
    """One package's definitions for OpenAI and Anthropic, and its dispatch (``dispatch``,
    ``dispatch_result``: ``Dispatcher``'s)."""

    def __init__(self, spec: SpecData) -> None:
        super().__init__(spec)
        self._spec = spec

    def openai_responses_tools(self) -> list[ResponsesTool]:
        """The tools for OpenAI's Responses API (``tools=``), fresh copies."""
        return openai_responses_tools(self._spec["client"]["tools"])

    def openai_chat_tools(self) -> list[ChatTool]:
        """The tools for OpenAI's Chat Completions API, fresh copies."""
        return openai_chat_tools(self._spec["client"]["tools"])

    def anthropic_tools(self) -> list[AnthropicTool]:
        """The tools for Anthropic's Messages API, fresh copies."""
        return anthropic_tools(self._spec["client"]["tools"])
