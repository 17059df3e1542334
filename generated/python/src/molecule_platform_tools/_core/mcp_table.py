"""The tools as an MCP server lists them, and what it needs to answer a call of one.

A port of runtime/mcp/table.ts: ``tools/list`` gives each tool's name, title, description (the
``mcp`` view's, else ``short``), input schema (without the inputs the view hides), output
schema, annotations, execution, icons and ``_meta``, each optional one only when the spec gives or
derives it, so that the
Python and the TypeScript server list the same JSON. Imports no MCP SDK: ``handle_tool_call``
works without one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .data import EnvNames, ServerData, SpecData, ToolData, ToolListing
from .defaults import fill_defaults
from .views import resolve_view, view_schema

Validate = Callable[[str, object], list[str]]
"""Problems with a value against the named tool's schema, each a sentence; empty when it fits."""


@dataclass(frozen=True)
class ServerInfo:
    """The server as the spec names it, with the instructions it sends."""

    name: str
    version: str
    bin: str
    environment: EnvNames
    http_token_env: str | None
    instructions: str | None


@dataclass(frozen=True)
class ToolTable:
    """Everything the server answers from: built once by ``load_table``."""

    server: ServerInfo
    tools: tuple[dict[str, object], ...]
    """Every tool as ``tools/list`` gives it, in spec order."""
    local: tuple[str, ...]
    """The tools answered by handlers instead of the platform."""
    renamed: Mapping[str, str]
    """A former name → the tool's current name."""
    hidden: Mapping[str, tuple[str, ...]]
    """A tool → the inputs MCP never offers nor sends (only tools that hide some)."""
    structured: frozenset[str]
    """The tools with an output schema, whose results are checked and sent as
    ``structuredContent``."""
    validate: Validate
    validate_output: Validate
    schemas: Mapping[str, Mapping[str, object]] = field(repr=False)

    def with_defaults(
        self, name: str, input: Mapping[str, object]
    ) -> dict[str, object]:
        """The input with the tool's top-level schema defaults filled in."""
        schema = self.schemas.get(name)
        filled = input if schema is None else fill_defaults(schema, input)
        return dict(filled) if isinstance(filled, Mapping) else {}


def load_table(
    spec: SpecData,
    *,
    instructions: str | None = None,
    validate: Validate | None = None,
    validate_output: Validate | None = None,
) -> ToolTable:
    """The table of a package's ``spec.json``. ``instructions`` is the text the server sends
    (the package's MCP prompt), None for none. ``validate`` and ``validate_output`` check a
    call's arguments and a result against the tool's schemas; by default the client's
    validators, which word each problem as the TypeScript packages do."""
    tools = spec["client"]["tools"]
    mcp = spec["mcp"]
    if validate is None or validate_output is None:
        from .validate import create_result_validator, create_validator

        schemas = {t["name"]: t["inputSchema"] for t in tools}
        outputs = {
            t["name"]: t["outputSchema"] for t in tools if t["outputSchema"] is not None
        }
        patterns = spec.get("patterns", {})
        validate = validate or create_validator(schemas, patterns)
        validate_output = validate_output or create_result_validator(
            outputs, [t["name"] for t in tools], patterns
        )
    hidden = {
        t["name"]: view.hidden for t in tools if (view := resolve_view(t, "mcp")).hidden
    }
    return ToolTable(
        server=_server_info(mcp["server"], instructions),
        tools=tuple(_listed(t, mcp["listing"].get(t["name"])) for t in tools),
        local=tuple(t["name"] for t in tools if t["local"]),
        renamed=dict(mcp["renamed"]),
        hidden=hidden,
        structured=frozenset(t["name"] for t in tools if t["outputSchema"] is not None),
        validate=validate,
        validate_output=validate_output,
        schemas={t["name"]: t["inputSchema"] for t in tools},
    )


def _server_info(data: ServerData, instructions: str | None) -> ServerInfo:
    return ServerInfo(
        name=data["name"],
        version=data["version"],
        bin=data["bin"],
        environment=data["environment"],
        http_token_env=data["httpTokenEnv"],
        instructions=instructions,
    )


def _listed(tool: ToolData, listing: ToolListing | None) -> dict[str, object]:
    """One tool as tools/list gives it, its keys in table.ts's order (the MCP SDK's)."""
    view = resolve_view(tool, "mcp")
    given: ToolListing = listing if listing is not None else {}
    out: dict[str, object] = {"name": tool["name"]}
    if "title" in given:
        out["title"] = given["title"]
    if "icons" in given:
        out["icons"] = [dict(icon) for icon in given["icons"]]
    out["description"] = view.description
    out["inputSchema"] = view_schema(tool["inputSchema"], view.hidden)
    if "annotations" in given:
        out["annotations"] = dict(given["annotations"])
    if "execution" in given:
        out["execution"] = dict(given["execution"])
    if "meta" in given:
        out["_meta"] = given["meta"]
    if tool["outputSchema"] is not None:
        out["outputSchema"] = tool["outputSchema"]
    return out
