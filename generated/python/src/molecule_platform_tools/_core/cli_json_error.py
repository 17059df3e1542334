"""Why a command-line word is not JSON, in the words of the TypeScript CLI.

The TypeScript CLI shows ``JSON.parse``'s own message (V8's, as Node 20 words it); this module
finds the same first error in the same place and words it the same, so that both CLIs print the
same line. Positions count UTF-16 code units, as JavaScript's do.
"""

from __future__ import annotations

_WHITESPACE = " \t\n\r"
_SPECIAL = ("NaN", "Infinity", "undefined", "[object Object]")
_CONTEXT = 10
_SHORT = 2 * _CONTEXT + 1


class _Error(Exception):
    def __init__(self, at: int, message: str | None = None) -> None:
        super().__init__(message)
        self.at = at
        self.message = message


def json_parse_error(text: str) -> str:
    """The message ``JSON.parse(text)`` throws; ``""`` when ``text`` is valid JSON."""
    parser = _Parser(text)
    try:
        parser.document()
    except _Error as error:
        return parser.word(error)
    return ""


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    # Errors

    def word(self, error: _Error) -> str:
        position = _units(self.text[: error.at])
        if error.message is not None:
            where = "" if error.message.endswith(" after JSON") else " in JSON"
            return f"{error.message}{where} at position {position}"
        if error.at >= len(self.text):
            return "Unexpected end of JSON input"
        c = self.text[error.at]
        if c == '"':
            return f"Unexpected string in JSON at position {position}"
        if c == "-" or c.isascii() and c.isdigit():
            return f"Unexpected number in JSON at position {position}"
        if self.text in _SPECIAL:
            return f'"{self.text}" is not valid JSON'
        token = _unit_at(self.text, error.at)
        units = _units(self.text)
        if units < _SHORT:
            return f"Unexpected token '{token}', \"{self.text}\" is not valid JSON"
        if position < _CONTEXT:
            part = _slice(self.text, 0, position + _CONTEXT)
            return f"Unexpected token '{token}', \"{part}\"... is not valid JSON"
        if position < units - _CONTEXT:
            part = _slice(self.text, position - _CONTEXT, position + _CONTEXT)
            return f"Unexpected token '{token}', ...\"{part}\"... is not valid JSON"
        part = _slice(self.text, position - _CONTEXT, units)
        return f"Unexpected token '{token}', ...\"{part}\" is not valid JSON"

    # Grammar

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in _WHITESPACE:
            self.at += 1

    def document(self) -> None:
        self.value()
        self.skip()
        if self.at < len(self.text):
            raise _Error(self.at, "Unexpected non-whitespace character after JSON")

    def value(self) -> None:
        self.skip()
        c = self.peek()
        if c == '"':
            self.string()
        elif c == "-" or c.isascii() and c.isdigit():
            self.number()
        elif c == "{":
            self.object()
        elif c == "[":
            self.array()
        elif c == "t":
            self.literal("true")
        elif c == "f":
            self.literal("false")
        elif c == "n":
            self.literal("null")
        else:
            raise _Error(self.at)

    def literal(self, word: str) -> None:
        for expected in word:
            if self.peek() != expected:
                raise _Error(self.at)
            self.at += 1

    def string(self) -> None:
        self.at += 1
        while True:
            if self.at >= len(self.text):
                raise _Error(self.at, "Unterminated string")
            c = self.text[self.at]
            if c == '"':
                self.at += 1
                return
            if ord(c) < 0x20:
                raise _Error(self.at, "Bad control character in string literal")
            if c == "\\":
                self.at += 1
                e = self.peek()
                if e == "":
                    raise _Error(self.at)
                if e == "u":
                    for _ in range(4):
                        self.at += 1
                        if (
                            self.peek() == ""
                            or self.peek() not in "0123456789abcdefABCDEF"
                        ):
                            raise _Error(self.at, "Bad Unicode escape")
                elif e not in '"\\/bfnrt':
                    raise _Error(self.at, "Bad escaped character")
            self.at += 1

    def digits(self) -> bool:
        start = self.at
        while self.peek() != "" and self.peek() in "0123456789":
            self.at += 1
        return self.at > start

    def number(self) -> None:
        if self.peek() == "-":
            self.at += 1
            if not (self.peek() != "" and self.peek() in "0123456789"):
                raise _Error(self.at, "No number after minus sign")
        if self.peek() == "0":
            self.at += 1
            if self.peek() != "" and self.peek() in "0123456789":
                raise _Error(self.at, "Unexpected number")
        else:
            self.digits()
        if self.peek() == ".":
            self.at += 1
            if not self.digits():
                raise _Error(self.at, "Unterminated fractional number")
        if self.peek() in ("e", "E") and self.peek() != "":
            self.at += 1
            if self.peek() in ("+", "-") and self.peek() != "":
                self.at += 1
            if not self.digits():
                raise _Error(self.at, "Exponent part is missing a number")

    def object(self) -> None:
        self.at += 1
        self.skip()
        if self.peek() == "}":
            self.at += 1
            return
        first = True
        while True:
            self.skip()
            if self.peek() != '"':
                raise _Error(
                    self.at,
                    "Expected property name or '}'"
                    if first
                    else "Expected double-quoted property name",
                )
            self.string()
            self.skip()
            if self.peek() != ":":
                raise _Error(
                    self.at, "Expected ':' after property name" if first else None
                )
            self.at += 1
            self.value()
            self.skip()
            if self.peek() == ",":
                self.at += 1
                first = False
                continue
            if self.peek() == "}":
                self.at += 1
                return
            raise _Error(self.at, "Expected ',' or '}' after property value")

    def array(self) -> None:
        self.at += 1
        self.skip()
        if self.peek() == "]":
            self.at += 1
            return
        while True:
            self.value()
            self.skip()
            if self.peek() == ",":
                self.at += 1
                continue
            if self.peek() == "]":
                self.at += 1
                return
            raise _Error(self.at, "Expected ',' or ']' after array element")


def _units(text: str) -> int:
    """The length of ``text`` in UTF-16 code units, as JavaScript counts it."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


def _slice(text: str, start: int, end: int) -> str:
    """``text.substring(start, end)`` in UTF-16 code units (a split pair leaves lone halves)."""
    return _utf16(text)[2 * max(start, 0) : 2 * end].decode(
        "utf-16-le", "surrogatepass"
    )


def _unit_at(text: str, at: int) -> str:
    """The first UTF-16 code unit of the character at ``at``."""
    return _utf16(text[at])[:2].decode("utf-16-le", "surrogatepass")
