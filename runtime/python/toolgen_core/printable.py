"""Text from outside made safe to print as part of one line (runtime/shared/printable.ts)."""

from __future__ import annotations

import re

_CONTROLS = re.compile("[\u0000-\u001f\u007f-\u009f\u2028\u2029]")


def printable(text: str) -> str:
    """Every control character escaped, so that it can neither start a forged line (CR, LF,
    U+2028, U+2029) nor drive the terminal: ``\\xNN`` below U+0100, ``\\uNNNN`` above."""
    return _CONTROLS.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
