"""The spec's tools as LangChain tools (``langchain-core`` 1.x), usable with ``invoke`` and
``ainvoke``.

A port of runtime/langchain/ (load.ts, select.ts, create-tools.ts). Each tool is a
``StructuredTool`` whose ``args_schema`` is the tool's JSON Schema as the LangChain view offers it
(its hidden inputs left out); the input is validated against it before anything is sent, HTTP
tools go through the client's ``call``, local tools through the consumer's handlers, and the
result comes back as the text ``results.result_text`` gives. A failed call the model can act on
(the platform's refusal, a handler's failure) is answered as ``results.error_text`` words it:
the text, or an error ``ToolMessage`` for a tool call. The generated ``langchain`` module binds
``create_tools`` to its package's ``spec.json``.

Only this module of the runtime imports ``langchain_core``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from langchain_core.tools import StructuredTool, ToolException

from .data import SpecData
from .defaults import fill_defaults
from .distance import closest
from .errors import ClientError, InputError
from .handler import HandlerContext, LocalHandler, ToolCaller
from .results import NO_CONTENT, error_text, is_bug, result_text, to_json
from .rich_text import checked_result, describe_block
from .sync import run_sync as run_sync_call
from .tool_result import ToolResult
from .validate import create_validator
from .views import resolve_view, view_schema, without_hidden


@dataclass(frozen=True)
class ToolEntry:
    """One spec tool as the LangChain tools see it: the client's tool table and the LangChain
    data joined."""

    name: str
    section: str
    description: str
    """The spec's ``langchain.description``, else its ``short``: the description every model
    sees."""
    when_to_use: str
    """The spec's ``when_to_use``, appended to the description on request."""
    local: bool
    """Answered by one of the consumer's handlers instead of the platform's HTTP API."""
    renamed_from: tuple[str, ...]
    """Former names, so that a caller still using one is told the new name."""
    input_schema: dict[str, object]
    """The JSON Schema as written in tools.yaml, without the inputs LangChain hides."""
    full_schema: dict[str, object]
    """The JSON Schema as written in tools.yaml, whose defaults are filled in."""
    hidden: tuple[str, ...]
    """The inputs LangChain never offers nor sends (``langchain.hide``)."""


@dataclass(frozen=True)
class ToolTable:
    """Every tool, as ``create_tools`` reads them, with the validator of their LangChain
    schemas. Build it once per package (``ToolTable.from_spec``)."""

    sections: tuple[str, ...]
    """Section ids in spec order."""
    tools: tuple[ToolEntry, ...]
    """Every tool, in spec order."""
    validate: Callable[[str, object], list[str]] = field(repr=False)
    """The problems of an input for a tool's LangChain schema, none when it fits."""

    @classmethod
    def from_spec(cls, spec: SpecData) -> ToolTable:
        extra = {t["name"]: t for t in spec["langchain"]["tools"]}
        entries: list[ToolEntry] = []
        for tool in spec["client"]["tools"]:
            view = resolve_view(tool, "langchain")
            own = extra.get(tool["name"])
            entries.append(
                ToolEntry(
                    name=tool["name"],
                    section=tool["section"],
                    description=view.description,
                    when_to_use=own["whenToUse"] if own else "",
                    local=tool["local"],
                    renamed_from=tuple(own["renamedFrom"]) if own else (),
                    input_schema=view_schema(tool["inputSchema"], view.hidden),
                    full_schema=tool["inputSchema"],
                    hidden=view.hidden,
                )
            )
        return cls(
            sections=tuple(spec["langchain"]["sections"]),
            tools=tuple(entries),
            validate=create_validator(
                {t.name: t.input_schema for t in entries}, spec["patterns"]
            ),
        )


def select_tools(
    table: ToolTable,
    sections: Sequence[str] | None,
    names: Sequence[str] | None,
) -> list[ToolEntry]:
    """The tools ``create_tools`` returns, in spec order: every tool when neither ``sections``
    nor ``names`` is given, else the union of both. Unknown ids or names raise ``ValueError``
    rather than being ignored, because a typo would otherwise leave an agent quietly without a
    tool."""
    if sections is None and names is None:
        return list(table.tools)
    known = {t.name for t in table.tools}
    wanted_sections = dict.fromkeys(_strings("sections", sections))
    wanted_names = dict.fromkeys(_strings("names", names))
    if not wanted_sections and not wanted_names:
        raise ValueError(
            "create_tools: 'sections' and 'names' select nothing: leave them out for every"
            " tool, or name at least one"
        )
    problems: list[str] = []
    for s in wanted_sections:
        if s not in table.sections:
            problems.append(
                f"unknown section '{s}'{_did_you_mean(s, table.sections)}"
                f" (sections: {', '.join(table.sections)})"
            )
    for n in wanted_names:
        if n in known:
            continue
        renamed = next((t for t in table.tools if n in t.renamed_from), None)
        problems.append(
            f"unknown tool '{n}'"
            + (
                f" (renamed to '{renamed.name}')"
                if renamed
                else _did_you_mean(n, [t.name for t in table.tools])
            )
        )
    if problems:
        raise ValueError(f"create_tools: {'; '.join(problems)}")
    return [
        t for t in table.tools if t.section in wanted_sections or t.name in wanted_names
    ]


def _strings(option: str, value: Sequence[str] | None) -> Sequence[str]:
    if value is None:
        return []
    if isinstance(value, (str, bytes)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"create_tools: '{option}' must be a list of strings")
    return value


def _did_you_mean(name: str, candidates: Sequence[str]) -> str:
    """A "did you mean" for a near miss (a renamed tool, a typo), else nothing."""
    best = closest(name, candidates)
    return "" if best is None else f" (did you mean '{best}'?)"


class SpecTool(StructuredTool):
    """A spec tool as a LangChain tool: ``invoke(args)`` answers a string (JSON for structured
    answers), ``invoke(tool_call)`` a ``ToolMessage``.

    The input reaches the tool's function as one dict rather than as keyword arguments, so that
    every input name works: a Python keyword (``from``, ``class``) and the names LangChain passes
    its own values under (``config``, ``run_manager``, ``callbacks``) alike.
    """

    def _to_args_and_kwargs(
        self, tool_input: str | dict[str, Any], tool_call_id: str | None
    ) -> tuple[tuple[str, ...], dict[str, Any]]:
        parsed = self._parse_input(tool_input, tool_call_id)
        if not isinstance(parsed, dict):  # pragma: no cover - refused by _parse_input
            raise TypeError(f"{self.name}: the input must be an object")
        return (), {"input": dict(parsed)}


def create_tools(
    table: ToolTable,
    *,
    client: ToolCaller,
    handlers: Mapping[str, LocalHandler] | None = None,
    sections: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
    append_when_to_use: bool = False,
    throw_on_error: bool = False,
) -> list[StructuredTool]:
    """One LangChain tool per selected spec tool, in spec order.

    ``client`` calls the platform for every tool that is not local; ``handlers`` answer the
    local ones (one is needed for each selected local tool). ``sections`` and ``names`` select
    the tools (their union; every tool when both are left out). ``append_when_to_use`` appends
    each tool's when_to_use to its description. ``throw_on_error`` raises the client's errors and
    the local handlers' instead of answering the model with a readable error result.

    An input that does not fit the tool's schema raises the client's ``InputError`` before
    anything is sent.
    """
    if not callable(getattr(client, "call", None)):
        raise TypeError(
            "create_tools: 'client' must be the platform client (Client or client_from_env)"
        )
    given = dict(handlers or {})
    selected = select_tools(table, sections, names)
    missing = [t.name for t in selected if t.local and not callable(given.get(t.name))]
    if missing:
        plural = "s" if len(missing) > 1 else ""
        listed = ", ".join(f"'{n}'" for n in missing)
        raise TypeError(f"create_tools: no handler for the local tool{plural} {listed}")
    return [
        _wrap(
            table,
            entry,
            client,
            given.get(entry.name),
            append_when_to_use,
            throw_on_error,
        )
        for entry in selected
    ]


def _wrap(
    table: ToolTable,
    entry: ToolEntry,
    client: ToolCaller,
    handler: LocalHandler | None,
    append_when_to_use: bool,
    throw_on_error: bool,
) -> StructuredTool:
    async def call(input: dict[str, object]) -> object:
        if handler is not None:
            return await handler(input, HandlerContext(client=client, via="LangChain"))
        return await client.call(entry.name, input)

    async def run(
        input: dict[str, Any],
    ) -> tuple[str | list[dict[str, object]], object]:
        problems = table.validate(entry.name, input)
        if problems:
            raise InputError(entry.name, problems)
        # An input the LangChain view hides is never sent, whatever the caller gave; the
        # schema's defaults are filled in afterwards, as for any input left out.
        shown = without_hidden(input, entry.hidden)
        full = cast("dict[str, object]", fill_defaults(entry.full_schema, shown))
        try:
            value = await call(dict(full))
            if isinstance(value, ToolResult):
                return langchain_content(checked_result(entry.name, value))
            return result_text(value), None
        except Exception as error:
            # A local handler's failure is the model's to read, as MCP returns it; a programming
            # error in it is a bug, and a cancelled call stays cancelled (CancelledError is no
            # Exception).
            readable = isinstance(error, ClientError) or (
                entry.local and not is_bug(error)
            )
            if throw_on_error or not readable:
                raise
            # Answered as a ToolException, so that LangChain marks it as an error: the text for
            # a plain invoke, a ToolMessage with status "error" for a tool call.
            raise ToolException(error_text(entry.name, error)) from error

    def run_sync(input: dict[str, Any]) -> tuple[str | list[dict[str, object]], object]:
        return run_sync_call(run(input), f"{entry.name}: invoke()")

    description = (
        f"{entry.description}\n\n{entry.when_to_use}"
        if append_when_to_use
        else entry.description
    )
    return SpecTool(
        name=entry.name,
        description=description,
        # A copy: LangChain hands the schema to model providers, which must not be able to edit
        # the table.
        args_schema=copy.deepcopy(entry.input_schema),
        func=run_sync,
        coroutine=run,
        # Our ToolException only: with throw_on_error a handler's own is raised as it came.
        handle_tool_error=not throw_on_error,
        # (content, artifact): a rich result's content blocks and the result itself.
        response_format="content_and_artifact",
    )


def langchain_content(
    result: ToolResult,
) -> tuple[list[dict[str, object]], ToolResult]:
    """A rich result as LangChain carries it: text and images as its standard content blocks,
    an embedded resource's bytes as a file block; a sound, a link or a text resource as a line
    of text (langchain-core takes no audio block in a ToolMessage: it would turn the whole list
    into JSON text); the result itself (with its structured content) as the ToolMessage's
    artifact."""
    blocks: list[dict[str, object]] = []
    for b in result.content:
        kind = b["type"]
        if kind == "text":
            blocks.append({"type": "text", "text": b["text"]})
        elif kind == "image":
            blocks.append(
                {"type": kind, "base64": b["data"], "mime_type": b["mimeType"]}
            )
        elif kind == "resource" and isinstance(b["resource"].get("blob"), str):
            mime = b["resource"].get("mimeType") or "application/octet-stream"
            blocks.append(
                {"type": "file", "base64": b["resource"]["blob"], "mime_type": mime}
            )
        else:
            blocks.append({"type": "text", "text": describe_block(b)})
    if not blocks:
        data = result.structured_content
        text = NO_CONTENT if data is None else to_json(data)
        blocks.append({"type": "text", "text": text})
    return blocks, result
