"""The generated ``<module>.langchain``'s function, bound to the package's spec (needs
``langchain-core``: the package's ``[langchain]`` extra; without it ``create_tools`` says so)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .data import SpecData
from .extras import require_extra
from .handler import LocalHandler, ToolCaller

if TYPE_CHECKING:
    from langchain_core.tools import StructuredTool

    from .langchain_tools import ToolTable


class LangchainSurface:
    """One package's LangChain tools."""

    def __init__(self, spec: SpecData, *, package: str) -> None:
        self._spec = spec
        self._package = package
        self._table: ToolTable | None = None

    def create_tools(
        self,
        *,
        client: ToolCaller,
        handlers: Mapping[str, LocalHandler] | None = None,
        sections: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        append_when_to_use: bool = False,
        throw_on_error: bool = False,
    ) -> list[StructuredTool]:
        """One ``StructuredTool`` per selected tool, in the spec's order, for ``invoke`` and
        ``ainvoke``: ``sections`` or ``names`` select (every tool by default; a renamed tool's
        former name is told its new one); ``client`` calls the platform; ``handlers`` answer the
        local tools selected; ``append_when_to_use`` adds each tool's when_to_use to its
        description. A failed call answers the model with its error text, unless
        ``throw_on_error``."""
        require_extra(self._package, "langchain")
        from .langchain_tools import ToolTable, create_tools

        if self._table is None:
            self._table = ToolTable.from_spec(self._spec)
        return create_tools(
            self._table,
            client=client,
            handlers=handlers,
            sections=sections,
            names=names,
            append_when_to_use=append_when_to_use,
            throw_on_error=throw_on_error,
        )
