"""The tools as data: one ``ToolSpec`` per tool of the spec, in the spec's order.

What a platform's own registry holds (name, descriptions, section, schemas), so that such a
registry can be replaced by an import of the generated ``<module>.tools``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from .data import SpecData


@dataclass(frozen=True)
class ToolSpec:
    """One tool, as tools.yaml declares it."""

    name: str
    title: str | None
    """The human-readable name clients may show, or None when the spec gives none."""
    short: str
    """The one-line description."""
    when_to_use: str
    section: str
    """The id of the tool's section."""
    input_schema: Mapping[str, object]
    """The JSON Schema of its input, as written in tools.yaml. The tools module reads spec.json
    for itself: changing this schema changes no validation, which reads its own copy."""
    output_schema: Mapping[str, object] | None
    """The JSON Schema of its result, or None when the spec gives none."""
    annotations: Mapping[str, bool]
    """MCP's hints the spec declares or derives: readOnlyHint, destructiveHint, idempotentHint,
    openWorldHint."""
    local: bool
    """True when the agent's runtime answers the tool itself (a handler), False for a platform call."""
    renamed_from: tuple[str, ...]
    """The tool's former names."""


_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


def tool_specs(spec: SpecData) -> tuple[ToolSpec, ...]:
    """Every tool of a generated package's spec.json, in the spec's order."""
    listing = spec["mcp"]["listing"]
    more = {t["name"]: t for t in spec["langchain"]["tools"]}
    out: list[ToolSpec] = []
    for tool in spec["client"]["tools"]:
        name = tool["name"]
        listed = listing.get(name, {})
        # The hints alone: the title is its own field, and another annotation is no hint.
        hints = {k: v for k, v in listed.get("annotations", {}).items() if k in _HINTS}
        out.append(
            ToolSpec(
                name=name,
                title=listed.get("title"),
                short=tool["short"],
                when_to_use=more[name]["whenToUse"],
                section=tool["section"],
                input_schema=tool["inputSchema"],
                output_schema=tool["outputSchema"],
                annotations={k: bool(v) for k, v in hints.items()},
                local=tool["local"],
                renamed_from=tuple(more[name]["renamedFrom"]),
            )
        )
    return tuple(out)


S = TypeVar("S", bound=str)


class Registry(Generic[S]):
    """A package's tools with the helpers of a registry: ``by_name``, ``by_section`` and
    ``tool_names``. ``S`` is the package's ``SectionId``, so that a misspelt section is a type
    error."""

    def __init__(self, spec: SpecData) -> None:
        self.tools: tuple[ToolSpec, ...] = tool_specs(spec)
        """Every tool, in the spec's order."""
        self._by_name = {t.name: t for t in self.tools}

    def by_name(self, name: str) -> ToolSpec:
        """The tool of that name; KeyError when the spec has none."""
        return self._by_name[name]

    def by_section(self, section: S) -> tuple[ToolSpec, ...]:
        """The tools of one section, in the spec's order (a registry's ``a2a_tools()`` is
        ``by_section("a2a")``)."""
        return tuple(t for t in self.tools if t.section == section)

    def tool_names(self) -> tuple[str, ...]:
        """Every tool's name, in the spec's order."""
        return tuple(t.name for t in self.tools)
