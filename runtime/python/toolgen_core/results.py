"""The text a model reads back from a call, in every consumer (MCP, LangChain, function calling).

A port of runtime/shared/result-text.ts and tool-errors.ts: the same words in both languages.
"""

from __future__ import annotations

import json
import math

NO_CONTENT = "Done: the call returned no content."


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
        out.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, (int, float)):
        out.append(js_number(value))
    elif isinstance(value, (list, tuple)):
        _write_items([(None, v) for v in value], "[]", indent, depth, out)
    elif isinstance(value, dict):
        items: list[tuple[str | None, object]] = []
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"keys must be strings, not {type(k).__name__}")
            items.append((k, v))
        _write_items(items, "{}", indent, depth, out)
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
            out.append(json.dumps(key, ensure_ascii=False))
            out.append(": " if indent else ":")
        _write(item, indent, depth + 1, out)
    out.append("" if not indent else "\n" + " " * (indent * depth))
    out.append(brackets[1])


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
