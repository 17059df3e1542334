"""What a local ``$ref`` points at in a schema (runtime/shared/pointer.ts).

Each step of the pointer is decoded on its own, %-escapes first, then ``~1`` (a ``/``) and ``~0``
(a ``~``); a step reads a list only by a canonical index and a dict only by its own key.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

_INDEX = re.compile(r"0|[1-9][0-9]*")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})|%")

_MISSING = object()


def _decode(raw: str) -> str | None:
    """decodeURIComponent: None where JavaScript throws (a bad %-escape or bad UTF-8)."""
    if any(m.group(1) is None for m in _ESCAPE.finditer(raw)):
        return None
    try:
        return unquote(raw, errors="strict")
    except UnicodeDecodeError:
        return None


def ref_target(root: object, ref: str) -> object:
    """What ``ref`` (``#``, ``#/a/b``) points at in ``root``; ``_MISSING`` when nothing."""
    if ref == "#":
        return root
    if not ref.startswith("#/"):
        return _MISSING
    at = root
    for raw in ref[2:].split("/"):
        decoded = _decode(raw)
        if decoded is None:
            return _MISSING
        key = decoded.replace("~1", "/").replace("~0", "~")
        if isinstance(at, list) and _INDEX.fullmatch(key):
            index = int(key)
            if index >= len(at):
                return _MISSING
            at = at[index]
        elif isinstance(at, dict) and key in at:
            at = at[key]
        else:
            return _MISSING
    return at


def is_missing(value: object) -> bool:
    """Whether ``ref_target`` found nothing."""
    return value is _MISSING
