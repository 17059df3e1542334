"""Tokens kept out of every message and body: a port of runtime/client/redact.ts."""

from __future__ import annotations

import re
from collections.abc import Sequence

REDACTED = "[redacted]"
"""The text that replaces a token wherever one would otherwise be shown."""

MIN_TOKEN_LENGTH = 8
"""Tokens shorter than this are refused when a client is made: redacting them would mangle
every message."""

_patterns: dict[str, re.Pattern[str] | None] = {}


def redact(text: str, tokens: Sequence[str]) -> str:
    """Removes every known token from a text, however it was written back: as it is,
    percent-encoded, JSON-escaped or HTML-escaped, in any mix."""
    pattern = _token_pattern(tokens)
    return text if pattern is None else pattern.sub(REDACTED, text)


def redact_value(value: object, tokens: Sequence[str]) -> object:
    """``redact`` applied to every string (keys included) of a parsed JSON value."""
    if isinstance(value, str):
        return redact(value, tokens)
    if isinstance(value, list):
        return [redact_value(v, tokens) for v in value]
    if isinstance(value, dict):
        return {
            redact(str(k), tokens): redact_value(v, tokens) for k, v in value.items()
        }
    return value


def longest_token_form(tokens: Sequence[str]) -> int:
    """The longest form of any of the tokens, in characters: a cut text may end with less than
    this of one."""
    return max([0, *(len(t) * 12 for t in tokens)])


def _token_pattern(tokens: Sequence[str]) -> re.Pattern[str] | None:
    key = "\0".join(tokens)
    if key in _patterns:
        return _patterns[key]
    unique = sorted({t for t in tokens if t}, key=len, reverse=True)
    alternatives = ["".join(_char_forms(c) for c in t) for t in unique]
    pattern = re.compile("|".join(alternatives)) if alternatives else None
    # Clients are few and long-lived; their token lists do not grow without bound.
    if len(_patterns) > 100:
        _patterns.clear()
    _patterns[key] = pattern
    return pattern


_HTML_NAMED: dict[str, tuple[str, ...]] = {
    "&": ("&amp;",),
    "<": ("&lt;",),
    ">": ("&gt;",),
    '"': ("&quot;", r"\\\""),
    "'": ("&apos;",),
    "/": (r"\\/",),
    "\\": (r"\\\\",),
}


def _char_forms(c: str) -> str:
    code = ord(c)
    hexa = format(code, "x")
    forms = [
        re.escape(c),
        *_HTML_NAMED.get(c, ()),
        f"&#0*{code};",
        f"&#[xX]0*{_any_case(hexa)};",
    ]
    if code < 0x80:
        forms.append(f"%{_any_case(hexa.rjust(2, '0'))}")
    if code < 0x10000:
        forms.append(rf"\\u{_any_case(hexa.rjust(4, '0'))}")
    return f"(?:{'|'.join(forms)})"


def _any_case(hexa: str) -> str:
    return "".join(f"[{d}{d.upper()}]" if d in "abcdef" else d for d in hexa)
