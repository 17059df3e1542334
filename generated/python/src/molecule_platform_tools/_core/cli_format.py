"""What a command prints (runtime/cli/format.ts): readable text by default, exact JSON with
``--json``, both made safe for a terminal."""

from __future__ import annotations

import re

from .printable import printable
from .results import js_items, to_json

_NOT_LAYOUT = re.compile("[^\n\t]+")
_C1 = re.compile("[\x7f-\x9f]")


def format_text(answer: object) -> str:
    """Strings as they are, objects as ``key: value`` lines nested by indentation, a list of
    records as blocks apart. Scripts should use ``--json``, which prints the answer exactly."""
    if answer is None:
        return ""
    if isinstance(answer, str):
        return visible(
            answer if answer == "" or answer.endswith("\n") else f"{answer}\n"
        )
    if isinstance(answer, list) and answer and all(isinstance(a, dict) for a in answer):
        return visible(
            "\n\n".join("\n".join(_lines(item, "")) for item in answer) + "\n"
        )
    return visible("\n".join(_lines(answer, "")) + "\n")


def format_json(answer: object) -> str:
    """The answer exactly, for scripts; C1 controls, which JSON leaves raw, are escaped too."""
    text = to_json(answer, 2)
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def visible(text: str) -> str:
    """Text made safe for a terminal: line breaks and tabs are kept, every other control
    character is escaped by ``printable``."""
    return _NOT_LAYOUT.sub(lambda m: printable(m.group()), text)


def _lines(value: object, indent: str) -> list[str]:
    if isinstance(value, list):
        if not value:
            return [f"{indent}(none)"]
        out: list[str] = []
        for item in value:
            if not _is_nested(item):
                out += _prefixed(_scalar(item), f"{indent}- ", f"{indent}  ")
                continue
            inner = _lines(item, f"{indent}  ")
            out += [f"{indent}- {inner[0][len(indent) + 2 :]}", *inner[1:]]
        return out
    if isinstance(value, dict):
        entries = js_items(value)
        if not entries:
            return [f"{indent}(none)"]
        out = []
        for key, v in entries:
            if _is_nested(v) and not _is_empty(v):
                out += [f"{indent}{key}:", *_lines(v, f"{indent}  ")]
                continue
            text = "(none)" if _is_empty(v) else _scalar(v)
            if "\n" not in text:
                out.append(f"{indent}{key}: {text}")
                continue
            out.append(f"{indent}{key}:")
            out += [f"{indent}  {line}" if line else "" for line in text.split("\n")]
        return out
    return _prefixed(_scalar(value), indent, indent)


def _prefixed(text: str, first: str, rest: str) -> list[str]:
    return [
        (first if i == 0 else rest) + line for i, line in enumerate(text.split("\n"))
    ]


def _scalar(value: object) -> str:
    if isinstance(value, str):
        return value.removesuffix("\n")
    return to_json(value)


def _is_nested(value: object) -> bool:
    return isinstance(value, (dict, list))


def _is_empty(value: object) -> bool:
    return isinstance(value, (dict, list)) and not value
