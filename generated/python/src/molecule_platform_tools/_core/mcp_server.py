"""The tools served by the official ``mcp`` SDK's low-level server (2.x), raw JSON Schemas and
all: a port of runtime/mcp/serve.ts (createServer). Needs the ``[mcp]`` extra.

``tools/list`` answers the table as JSON, ``tools/call`` answers with ``ToolAnswers``; a
client's ``notifications/cancelled`` sets the handler context's ``cancelled`` event before the
SDK interrupts the handler.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping

import anyio
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError

from .handler import LocalHandler, ToolCaller
from .mcp_answers import ToolAnswers, UnknownToolError
from .mcp_context import LogLevels, McpPeer
from .mcp_table import ToolTable

__all__ = ["create_server", "serve_stdio"]


def create_server(
    table: ToolTable,
    *,
    client: ToolCaller | None,
    handlers: Mapping[str, LocalHandler] | None = None,
    name: str | None = None,
    version: str | None = None,
    instructions: str | None = None,
) -> Server:
    """A low-level ``mcp`` Server serving every tool of the table, named after the spec unless
    ``name`` and ``version`` say otherwise. ``client`` calls the platform for every HTTP tool
    (it may be None when every tool is local); ``handlers`` answer the local tools, one each.
    ``instructions`` is sent when given (pass the table's, ``table.server.instructions``, to
    send the package's MCP prompt)."""
    answers = ToolAnswers(table, client, handlers)
    # Validated once into the SDK's model, which fills in what each protocol version needs;
    # the schemas stay the spec's dicts.
    listed = types.ListToolsResult.model_validate({"tools": list(answers.tools)})
    levels = LogLevels()

    async def list_tools(
        ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listed

    async def call_tool(
        ctx: ServerRequestContext, params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        cancelled = _cancel_event(ctx)
        try:
            result = await answers.handle_tool_call(
                params.name, params.arguments, cancelled, McpPeer(ctx, levels)
            )
        except anyio.get_cancelled_exc_class():
            cancelled.set()
            raise
        except UnknownToolError as error:
            raise MCPError(code=error.code, message=error.message) from None
        return types.CallToolResult.model_validate(result)

    # logging/setLevel answered declares the logging capability: a handler's ctx.log sends at
    # the level the client sets (the SDK warns that 2026-07-28 deprecates it; 2025 clients use it).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        return Server(
            name if name is not None else table.server.name,
            version=version if version is not None else table.server.version,
            instructions=instructions,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_set_logging_level=levels.set_level,
        )


def _cancel_event(ctx: ServerRequestContext) -> anyio.Event:
    """The request's own cancellation event, which the SDK sets when the client cancels the
    call, before it interrupts the handler; a new one when the SDK does not expose it (then set
    as the handler is interrupted)."""
    outbound = getattr(ctx.session, "_request_outbound", None)
    event = getattr(outbound, "cancel_requested", None)
    return event if isinstance(event, anyio.Event) else anyio.Event()


async def serve_stdio(server: Server) -> None:
    """Serves on stdin and stdout until stdin ends, answering the lines that are no message
    (mcp_stdio.py)."""
    from .mcp_stdio import serve_stdio as serve_lines

    await serve_lines(server)
