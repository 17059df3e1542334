"""Text from outside made safe to print as part of one line (runtime/shared/printable.ts).

Every control character is escaped, so that it can neither start a forged line (CR, LF, U+2028,
U+2029) nor drive the terminal (ESC and the other C0 and C1 controls, DEL), each written as
``\\xNN`` (``\\x0a`` for LF) or ``\\uNNNN``.
"""

from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character escaped."""
    return _CONTROLS.sub(_escape, text)
