"""The text a model reads back from a call, in every consumer (MCP, LangChain, function calling).

A port of runtime/shared/result-text.ts and tool-errors.ts: the same words in both languages.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping

NO_CONTENT = "Done: the call returned no content."

_SURROGATE = re.compile("[\ud800-\udfff]")
_MAX_INDEX = 2**32 - 2


def result_text(value: object, indent: int | None = None) -> str:
    """A successful call's result as text: a string as it came, anything else as JSON (compact
    unless ``indent`` says otherwise, in JavaScript's ``JSON.stringify`` layout), and a plain
    sentence when the call answered nothing, since an empty tool result confuses models."""
    if isinstance(value, str):
        return value
    if value is None:
        return NO_CONTENT
    return to_json(value, indent)


def to_json(value: object, indent: int | None = None) -> str:
    """JSON as JavaScript's ``JSON.stringify(value, null, indent)`` writes it: no spaces when
    compact, non-ASCII characters as they are, numbers as JavaScript prints them (``1.0`` →
    ``1``, ``1e-07`` → ``1e-7``). Raises ``ValueError`` for NaN or infinity and ``TypeError``
    for a value JSON cannot hold."""
    out: list[str] = []
    _write(value, indent, 0, out)
    return "".join(out)


def js_number(number: float) -> str:
    """A number as JavaScript's ``String(n)`` writes it (ECMAScript Number::toString): the
    shortest digits that read back the same, in plain notation from 1e-7 up to 1e21."""
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        raise TypeError(f"not a number: {number!r}")
    if isinstance(number, int):
        # Beyond 2^53 a JavaScript number holds the nearest double, and prints that.
        if abs(number) <= 2**53:
            return str(number)
        number = float(number)
    if math.isnan(number) or math.isinf(number):
        raise ValueError("NaN and infinity have no JSON form")
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    mantissa, _, exp = repr(abs(number)).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    # The position of the decimal point relative to the first significant digit.
    point = len(whole) + (int(exp) if exp else 0)
    if whole == "0":
        point = -(len(frac) - len(frac.lstrip("0"))) + (int(exp) if exp else 0)
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= point <= 21:
        text = digits + "0" * (point - k)
    elif 0 < point <= 21:
        text = f"{digits[:point]}.{digits[point:]}"
    elif -6 < point <= 0:
        text = "0." + "0" * (-point) + digits
    else:
        e = point - 1
        shown = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
        text = f"{shown}e{'+' if e >= 0 else '-'}{abs(e)}"
    return sign + text


def _write(value: object, indent: int | None, depth: int, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, (int, float)):
        out.append(js_number(value))
    elif isinstance(value, (list, tuple)):
        _write_items([(None, v) for v in value], "[]", indent, depth, out)
    elif isinstance(value, dict):
        for k in value:
            if not isinstance(k, str):
                raise TypeError(f"keys must be strings, not {type(k).__name__}")
        entries: list[tuple[str | None, object]] = [*js_items(value)]
        _write_items(entries, "{}", indent, depth, out)
    else:
        raise TypeError(f"{type(value).__name__} cannot be written as JSON")


def _write_items(
    items: list[tuple[str | None, object]],
    brackets: str,
    indent: int | None,
    depth: int,
    out: list[str],
) -> None:
    if not items:
        out.append(brackets)
        return
    out.append(brackets[0])
    inner = "" if not indent else "\n" + " " * (indent * (depth + 1))
    for i, (key, item) in enumerate(items):
        if i:
            out.append(",")
        out.append(inner)
        if key is not None:
            out.append(_string(key))
            out.append(": " if indent else ":")
        _write(item, indent, depth + 1, out)
    out.append("" if not indent else "\n" + " " * (indent * depth))
    out.append(brackets[1])


def js_items(value: Mapping[str, object]) -> list[tuple[str, object]]:
    """A dict's entries in the order JavaScript keeps an object's keys: the keys that are array
    indices (``"0"``, ``"7"``) first, ascending, then the others in insertion order."""
    indices = sorted((k for k in value if _is_index(k)), key=int)
    return [(k, value[k]) for k in [*indices, *(k for k in value if not _is_index(k))]]


def _is_index(key: str) -> bool:
    canonical = key == "0" or (
        key[:1] in "123456789" and key.isascii() and key.isdigit()
    )
    return canonical and int(key) <= _MAX_INDEX


def _string(text: str) -> str:
    """A JSON string as JavaScript writes it: a lone surrogate escaped (``\\udXXX``)."""
    quoted = json.dumps(text, ensure_ascii=False)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def error_text(tool: str, error: BaseException) -> str:
    """What a model reads when a call fails: ``Error from <tool> (HTTP <status>): <reason>``. The
    client's errors never carry a token, so their message is safe to show; the HTTP status is
    given because models act on it (retry a 503, not a 404)."""
    message = str(error)
    status = getattr(error, "status", None)
    prefix = f"{tool}: "
    reason = message.removeprefix(prefix)
    shown = (
        f" (HTTP {status})"
        if isinstance(status, int) and not isinstance(status, bool)
        else ""
    )
    return f"Error from {tool}{shown}: {reason}"


BUG_TYPES: tuple[type[BaseException], ...] = (
    TypeError,
    NameError,
    AttributeError,
    SyntaxError,
    RecursionError,
)
"""The errors Python raises for code that is wrong, not for a call that failed: JavaScript's
TypeError, ReferenceError, SyntaxError and RangeError (tool-errors.ts, isBug), with
AttributeError, which JavaScript raises as a TypeError, and RecursionError, its RangeError."""


def is_bug(error: BaseException) -> bool:
    """True for an error that a local handler raised because its code is wrong: it is raised to
    the caller rather than shown to the model as a failed call."""
    return isinstance(error, BUG_TYPES)
