"""What each consumer shows of a tool: its own description, and the inputs it never offers.

A port of runtime/shared/views.ts and of the client's defaults filler (runtime/client/
defaults.ts): the spec's per-target ``mcp:``, ``langchain:``, ``function_calling:`` and ``cli:`` blocks give a
description instead of ``short`` and the inputs to hide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .data import ToolData

ViewTarget = Literal["mcp", "langchain", "functionCalling", "cli"]


@dataclass(frozen=True)
class ToolView:
    """One consumer's view of a tool: its description, and the inputs it hides."""

    description: str
    hidden: tuple[str, ...]


def resolve_view(tool: ToolData, target: ViewTarget) -> ToolView:
    """The target's own block's description over the tool's short, and the inputs the block
    hides (none without a block)."""
    own = tool.get("views", {}).get(target, {})
    return ToolView(
        description=own.get("description", tool["short"]),
        hidden=tuple(own.get("hide", [])),
    )


def view_schema(
    schema: Mapping[str, object], hidden: Sequence[str]
) -> dict[str, object]:
    """A tool's input schema as one consumer offers it: the hidden inputs left out of it, and
    out of ``required`` (which goes when nothing is left in it)."""
    out = dict(schema)
    if not hidden:
        return out
    properties = schema.get("properties")
    kept = (
        {k: v for k, v in properties.items() if k not in hidden}
        if isinstance(properties, Mapping)
        else {}
    )
    out["properties"] = kept
    required = schema.get("required")
    if isinstance(required, list):
        left = [name for name in required if str(name) not in hidden]
        if left:
            out["required"] = left
        else:
            del out["required"]
    return out


def without_hidden(input: object, hidden: Sequence[str]) -> object:
    """The input a consumer passes on: a hidden input is never sent, whatever the caller gave."""
    if not hidden or not isinstance(input, Mapping):
        return input
    return {k: v for k, v in input.items() if k not in hidden}
