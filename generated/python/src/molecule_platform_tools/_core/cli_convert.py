"""One command-line word read as the value an input's schema describes (runtime/cli/convert.ts).

The messages are the TypeScript CLI's, word for word; a word is read by JavaScript's rules
(``Number``'s grammar, ``String.prototype.trim``'s whitespace), so that both CLIs accept and
refuse the same words.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from .cli_data import main_type, union_types
from .json_text import NOT_JSON_VALUE, parse_json
from .results import to_json

_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(
    r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
)
_RADIX = re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_MAX_SAFE = 2**53 - 1


@dataclass(frozen=True)
class Converted:
    """A word read: ``ok`` and its ``value``, or why it cannot be read (``message``)."""

    ok: bool
    value: object = None
    message: str = ""


def js_trim(text: str) -> str:
    """``String.prototype.trim``: JavaScript's whitespace and line terminators."""
    return text.strip(_JS_SPACE)


def placeholder(schema: dict[str, object]) -> str:
    """What to write after an option in help, e.g. ``<integer>`` or ``<LOW|HIGH>``."""
    kind = main_type(schema)
    values = schema.get("enum")
    if isinstance(values, list) and values:
        return "<" + "|".join('""' if v == "" else _enum_text(v) for v in values) + ">"
    if kind == "array":
        items = schema.get("items")
        return placeholder(items if isinstance(items, dict) else {})
    if kind == "object":
        return "<json>"
    if kind == "union":
        return "<" + "|".join(union_types(schema)) + ">"
    return f"<{kind}>"


def convert(raw: str, schema: dict[str, object], label: str) -> Converted:
    """Reads one command-line word as the value ``schema`` describes, or says why it cannot.
    ``label`` names the argument in the message, e.g. ``--limit`` or ``<name>``."""
    values = schema.get("enum")
    if isinstance(values, list) and values:
        for v in values:
            if _enum_text(v) == raw:
                return Converted(True, v)
        listed = ", ".join(_quote(_enum_text(v)) for v in values)
        return _fail(f"{label} must be one of {listed}, not {_quote(raw)}")
    kind = main_type(schema)
    if kind == "union":
        return _convert_union(raw, union_types(schema), label)
    if kind == "integer":
        trimmed = js_trim(raw)
        if _INTEGER.fullmatch(trimmed) and abs(int(trimmed)) <= _MAX_SAFE:
            return Converted(True, int(trimmed))
        return _fail(f"{label} must be a whole number, not {_quote(raw)}")
    if kind == "number":
        number = js_number_of(raw)
        if number is not None and math.isfinite(number):
            return Converted(True, _plain(number))
        return _fail(f"{label} must be a number, not {_quote(raw)}")
    if kind == "boolean":
        if raw == "true":
            return Converted(True, True)
        if raw == "false":
            return Converted(True, False)
        return _fail(f"{label} must be true or false, not {_quote(raw)}")
    if kind == "object":
        return _parse_json(raw, label, "object", dict)
    if kind == "array":
        return _parse_json(raw, label, "array", list)
    return Converted(True, raw)


def js_number_of(raw: str) -> float | None:
    """``Number(raw)`` for a word that is not blank: None where JavaScript gives NaN."""
    text = js_trim(raw)
    if text == "":
        return None
    if _RADIX.fullmatch(text):
        return float(int(text, 0))
    if _DECIMAL.fullmatch(text):
        return float(text.replace("Infinity", "inf"))
    return None


def _plain(number: float) -> float | int:
    """A whole number as an int (JavaScript has one number type; JSON writes 5, not 5.0)."""
    return int(number) if number.is_integer() and abs(number) <= _MAX_SAFE else number


# Which readings a union of types allows are tried, the most particular first: a word reads as
# true or false, then a whole number, a number, a JSON object or array, and only then as text.
_UNION_ORDER = ("boolean", "integer", "number", "object", "array")
_UNION_WORDS = {
    "boolean": "true or false",
    "integer": "a whole number",
    "number": "a number",
    "object": "a JSON object",
    "array": "a JSON array",
}


def _convert_union(raw: str, types: list[str], label: str) -> Converted:
    for kind in _UNION_ORDER:
        if kind not in types:
            continue
        done = convert(raw, {"type": kind}, label)
        if done.ok:
            return done
    if "string" in types:
        return Converted(True, raw)
    words = " or ".join(_UNION_WORDS[t] for t in _UNION_ORDER if t in types)
    return _fail(f"{label} must be {words}, not {_quote(raw)}")


def _parse_json(raw: str, label: str, what: str, kind: type) -> Converted:
    value = parse_json(raw)
    if value is NOT_JSON_VALUE:
        # toolgen's words, not the parser's: they differ between Node releases and languages.
        return _fail(f"{label} must be a JSON {what}: {_quote(raw)} is not valid JSON")
    if not isinstance(value, kind):
        return _fail(f"{label} must be a JSON {what}, not {_quote(raw)}")
    return Converted(True, value)


def _enum_text(value: object) -> str:
    """How an enum value is typed on the command line: strings bare, anything else as JSON."""
    return value if isinstance(value, str) else to_json(value)


def _quote(text: str) -> str:
    return to_json(text)


def _fail(message: str) -> Converted:
    return Converted(False, message=message)
