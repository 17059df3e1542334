"""A rich result (ToolResult) for the targets other than MCP, which carry less: a port of
runtime/shared/rich-text.ts, with the same words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .results import NO_CONTENT, to_json
from .tool_result import ToolResult, result_problems


def checked_result(tool: str, result: ToolResult) -> ToolResult:
    """The rich result, once its content is checked; raises (for the model to read) when it
    cannot be sent."""
    problems = result_problems(result)
    if problems:
        raise ValueError(
            f"The result of {tool} is not one MCP can carry:\n"
            + "\n".join(f"- {p}" for p in problems)
        )
    return result


def rich_text(result: ToolResult) -> str:
    """The result as text, for a consumer that reads only text: its text blocks as they are,
    every other block named in one line, joined by blank lines; without content, the structured
    content's JSON, or a sentence when there is nothing."""
    if not result.content:
        data = result.structured_content
        return NO_CONTENT if data is None else to_json(data)
    return "\n\n".join(block_text(b) for b in result.content)


def block_text(block: Mapping[str, Any]) -> str:
    return str(block["text"]) if block["type"] == "text" else describe_block(block)


def describe_block(block: Mapping[str, Any]) -> str:
    """A line naming a block a text-only consumer cannot carry; a text resource keeps its
    text."""
    kind = block["type"]
    if kind == "text":
        return str(block["text"])
    if kind in ("image", "audio"):
        return (
            f"[{block['mimeType']} {kind}, {_bytes_of(block['data'])} bytes, not shown]"
        )
    if kind == "resource_link":
        return f"[resource: {block['name']} <{block['uri']}>]"
    r = block["resource"]
    if isinstance(r.get("text"), str):
        return f"[resource {r['uri']}]\n{r['text']}"
    mime = r.get("mimeType") or "bytes"
    return f"[resource {r['uri']}: {mime}, {_bytes_of(r['blob'])} bytes, not shown]"


def _bytes_of(data: str) -> int:
    padding = 2 if data.endswith("==") else 1 if data.endswith("=") else 0
    return len(data) // 4 * 3 - padding
