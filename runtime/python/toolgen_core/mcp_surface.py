"""The generated ``<module>.mcp``'s functions, bound to the package's spec. The server and the
bin need the ``mcp`` SDK (the package's ``[mcp]`` extra; without it they say so); ``tool_list``
and ``tool_answers``, for a JSON-RPC loop of your own, do not."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from .data import SpecData
from .extras import require_extra
from .handler import LocalHandler, ToolCaller
from .mcp_answers import ToolAnswers
from .mcp_bin import main as bin_main
from .mcp_table import ToolTable, load_table

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server

    from .mcp_http import HttpApp


class McpSurface:
    """One package's MCP server: its tools/list, its answers, an SDK server, an HTTP app, and
    the bin (``python -m <module>.mcp``)."""

    def __init__(
        self,
        spec: SpecData,
        *,
        instructions: str | None,
        runtime: str | None,
        package: str,
    ) -> None:
        self._spec = spec
        self._instructions = instructions
        self._runtime = runtime
        self._package = package
        self._table: ToolTable | None = None

    @property
    def table(self) -> ToolTable:
        """The tool table, read from the spec on first use."""
        if self._table is None:
            self._table = load_table(self._spec, instructions=self._instructions)
        return self._table

    def tool_list(self) -> list[dict[str, object]]:
        """Every tool as ``tools/list`` gives it (name, title, description, schemas,
        annotations), for a server of your own."""
        return [dict(t) for t in self.table.tools]

    def tool_answers(
        self,
        *,
        client: ToolCaller | None,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> ToolAnswers:
        """The framework-neutral answers: ``await answers.handle_tool_call(name, arguments)``
        gives a ``tools/call``'s result as JSON, for a platform with its own JSON-RPC loop.
        ``client`` calls the platform (None when every tool is local); ``handlers`` answer the
        local tools, one each."""
        return ToolAnswers(self.table, client, handlers)

    def create_server(
        self,
        *,
        client: ToolCaller | None,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> Server:
        """A low-level ``mcp`` server of every tool, with the package's instructions."""
        require_extra(self._package, "mcp")
        from .mcp_server import create_server

        return create_server(
            self.table,
            client=client,
            handlers=handlers,
            instructions=self.table.server.instructions,
        )

    def create_http_app(
        self,
        *,
        client: ToolCaller | None,
        handlers: Mapping[str, LocalHandler] | None = None,
        allowed_origins: Collection[str] = (),
        token: str | None = None,
    ) -> HttpApp:
        """The server over Streamable HTTP as an ASGI app, with the bin's Origin and bearer
        token rules (``token`` defaults to the spec's ``http_token_env`` variable's value)."""
        require_extra(self._package, "mcp")
        from .mcp_http import create_http_app

        return create_http_app(
            self.table,
            client=client,
            handlers=handlers,
            instructions=self.table.server.instructions,
            allowed_origins=allowed_origins,
            token=token,
        )

    def main(
        self, argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None
    ) -> int:
        """The bin: serves over stdio, or over Streamable HTTP with ``--http [host:]port``,
        reading the environment variables the spec names; returns the exit code."""
        return bin_main(
            self._spec,
            argv=argv,
            env=env,
            instructions=self._instructions,
            runtime=self._runtime,
            package=self._package,
            table=self.table,
        )
