"""JSON written as JavaScript's ``JSON.stringify`` writes it, so that both languages print the same
bytes for the same value.

Python's ``json.dumps`` differs in three ways this module makes up for: numbers (``1.0`` is ``1``
in JavaScript, ``1e-07`` is ``1e-7``, ``1e+16`` is ``10000000000000000``), the order of an object's
keys (JavaScript lists the keys that are array indices first, in ascending order), and lone
surrogates (escaped as ``\\udXXX``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence

_SURROGATE = re.compile("[\ud800-\udfff]")
_MAX_INDEX = 2**32 - 2


def _is_index(key: str) -> bool:
    return (
        key == "0" or (key[:1] in "123456789" and key.isascii() and key.isdigit())
    ) and (int(key) <= _MAX_INDEX)


def js_items(value: Mapping[str, object]) -> list[tuple[str, object]]:
    """A dict's entries in the order JavaScript keeps an object's keys: the keys that are array
    indices first, ascending, then the others in insertion order."""
    keys = [k for k in value if isinstance(k, str)]
    indices = sorted((k for k in keys if _is_index(k)), key=int)
    others = [k for k in keys if not _is_index(k)]
    return [(k, value[k]) for k in indices + others]


def js_number(value: float) -> str:
    """A number as JavaScript's ``String(n)`` writes it (shortest round-trip digits)."""
    if isinstance(value, int):
        if abs(value) < 10**21:
            return str(value)
        value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"JSON cannot hold {value!r}")
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    text = repr(abs(value))
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    point = len(whole) + (int(exponent) if exponent else 0)
    point -= len(whole + fraction) - len((whole + fraction).lstrip("0"))
    digits = digits.rstrip("0") or "0"
    k, n = len(digits), point
    if k <= n <= 21:
        out = digits + "0" * (n - k)
    elif 0 < n <= 21:
        out = f"{digits[:n]}.{digits[n:]}"
    elif -6 < n <= 0:
        out = f"0.{'0' * -n}{digits}"
    else:
        e = n - 1
        mark = "+" if e >= 0 else "-"
        head = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
        out = f"{head}e{mark}{abs(e)}"
    return sign + out


def _string(text: str) -> str:
    quoted = json.dumps(text, ensure_ascii=False)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def stringify(value: object, indent: int | None = None) -> str:
    """``JSON.stringify(value, null, indent)``; raises ``ValueError`` for NaN or infinity and
    ``TypeError`` for a value JSON cannot hold."""
    step = " " * min(indent or 0, 10)
    return "".join(_parts(value, "\n" if step else "", step))


def _parts(value: object, newline: str, step: str) -> Iterator[str]:
    if value is None:
        yield "null"
    elif value is True:
        yield "true"
    elif value is False:
        yield "false"
    elif isinstance(value, str):
        yield _string(value)
    elif isinstance(value, (int, float)):
        yield js_number(value)
    elif isinstance(value, Mapping):
        items = js_items(value)
        if not items:
            yield "{}"
            return
        inner = newline + step if newline else ""
        yield "{"
        for i, (key, item) in enumerate(items):
            yield ("," if i else "") + inner + _string(key) + (": " if newline else ":")
            yield from _parts(item, inner, step)
        yield newline + "}"
    elif isinstance(value, Sequence) and not isinstance(value, (bytes, bytearray)):
        if not value:
            yield "[]"
            return
        inner = newline + step if newline else ""
        yield "["
        for i, item in enumerate(value):
            yield ("," if i else "") + inner
            yield from _parts(item, inner, step)
        yield newline + "]"
    else:
        raise TypeError(f"JSON cannot hold a {type(value).__name__}")
