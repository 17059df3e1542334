"""A rich result: what a local handler returns instead of a plain value when the model should get
MCP content (text, images, audio, links to resources, embedded resources, several at once) or
``structured_content`` set apart from the text. A port of runtime/shared/tool-result.ts and
content-check.ts, with the same checks and words.

A plain dict a handler returns is its value, never content, whatever its keys: only a
``ToolResult`` is read as content. The client answers one for an HTTP tool whose platform answer
is an image or audio. Each target passes on what its consumer can carry (docs/runtime.md).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

CONTENT_TYPES = ("text", "image", "audio", "resource_link", "resource")
"""The content kinds a result may hold, by their ``type``."""

_BASE64 = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?", re.ASCII
)

Content = Mapping[str, Any]
"""One block of a result's content, as MCP (2025-11-25) writes it: ``{"type": "text", "text":
...}``, ``{"type": "image", "data": <base64>, "mimeType": ...}``, and so on; made by the
helpers below."""


@dataclass(frozen=True)
class ToolResult:
    """A handler's rich result. ``content`` is sent in order; without it, a tool with structured
    content answers that content's JSON as text too. The content is checked when the result is
    sent: a block of an unknown type or an image without data makes the call an error result
    that names it, never a crash. ``is_error`` marks a failed call whose content says why."""

    content: Sequence[Content] = field(default_factory=tuple)
    structured_content: Mapping[str, object] | None = None
    is_error: bool = False


class TextContent(TypedDict):
    type: Literal["text"]
    text: str


class MediaContent(TypedDict):
    type: Literal["image", "audio"]
    data: str
    mimeType: str


def text_content(text: str) -> TextContent:
    return {"type": "text", "text": text}


def image_content(data: bytes | str, mime_type: str) -> MediaContent:
    """An image: its bytes (encoded here) or their base64 text, and its MIME type."""
    return {"type": "image", "data": _base64(data), "mimeType": mime_type}


def audio_content(data: bytes | str, mime_type: str) -> MediaContent:
    """A sound: its bytes (encoded here) or their base64 text, and its MIME type."""
    return {"type": "audio", "data": _base64(data), "mimeType": mime_type}


def resource_link(
    uri: str,
    name: str,
    *,
    title: str | None = None,
    description: str | None = None,
    mime_type: str | None = None,
    size: int | None = None,
) -> dict[str, object]:
    """A link to a resource the client may read; its contents are not in the result."""
    link: dict[str, object] = {"type": "resource_link", "uri": uri, "name": name}
    for key, value in (
        ("title", title),
        ("description", description),
        ("mimeType", mime_type),
        ("size", size),
    ):
        if value is not None:
            link[key] = value
    return link


def embedded_resource(
    uri: str,
    *,
    text: str | None = None,
    blob: bytes | str | None = None,
    mime_type: str | None = None,
) -> dict[str, object]:
    """A resource carried whole: its ``text``, or its bytes as ``blob`` (encoded here when
    given as bytes)."""
    resource: dict[str, object] = {"uri": uri}
    if mime_type is not None:
        resource["mimeType"] = mime_type
    if text is not None:
        resource["text"] = text
    elif blob is not None:
        resource["blob"] = _base64(blob)
    return {"type": "resource", "resource": resource}


def media_result(content_type: str | None, data: bytes) -> ToolResult | None:
    """An HTTP answer of type ``image/*`` or ``audio/*``, as the rich result carrying it (its
    MIME type without parameters); None for any other type or an empty body."""
    mime = (content_type or "").split(";")[0].strip().lower()
    match = re.fullmatch(r"(image|audio)/[\w.+-]+", mime, re.ASCII)
    if match is None or not data:
        return None
    make = image_content if match.group(1) == "image" else audio_content
    return ToolResult(content=(make(data, mime),))


def result_problems(result: ToolResult) -> list[str]:
    """What is wrong with a rich result, one line per problem; empty when it can be sent."""
    problems: list[str] = []
    content: object = result.content
    if isinstance(content, (str, bytes)) or not isinstance(content, Sequence):
        problems.append("content is not an array")
    else:
        for i, block in enumerate(content):
            _block_problems(block, f"content[{i}]", problems)
    structured: object = result.structured_content
    if structured is not None and not isinstance(structured, Mapping):
        problems.append("structuredContent is not an object")
    return problems


def _block_problems(block: object, at: str, out: list[str]) -> None:
    if not isinstance(block, Mapping):
        out.append(f"{at} is not an object")
        return
    kind = block.get("type")
    if kind not in CONTENT_TYPES:
        shown = _js_quote(kind[:40]) if isinstance(kind, str) else "missing"
        out.append(f"{at} has type {shown}; a result holds {', '.join(CONTENT_TYPES)}")
        return
    named = f"{at} ({kind})"

    def need(key: str, value: object) -> None:
        if not isinstance(value, str) or value == "":
            out.append(f"{named} has no {key}")

    if kind == "text":
        if not isinstance(block.get("text"), str):
            out.append(f"{named} has no text")
    elif kind in ("image", "audio"):
        data = block.get("data")
        need("data", data)
        if isinstance(data, str) and data and _BASE64.fullmatch(data) is None:
            out.append(f"{named} data is not base64")
        need("mimeType", block.get("mimeType"))
    elif kind == "resource_link":
        need("uri", block.get("uri"))
        need("name", block.get("name"))
    else:
        resource = block.get("resource")
        if not isinstance(resource, Mapping):
            out.append(f"{named} has no resource")
            return
        need("resource uri", resource.get("uri"))
        if isinstance(resource.get("text"), str):
            return
        blob = resource.get("blob")
        if not isinstance(blob, str):
            out.append(f"{named} resource has neither text nor blob")
        elif _BASE64.fullmatch(blob) is None:
            out.append(f"{named} resource blob is not base64")


def _js_quote(text: str) -> str:
    from .results import to_json

    return to_json(text)


def _base64(data: bytes | str) -> str:
    return data if isinstance(data, str) else base64.b64encode(data).decode("ascii")
