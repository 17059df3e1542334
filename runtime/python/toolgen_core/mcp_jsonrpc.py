"""What both transports read before the SDK sees a message: a port of runtime/mcp/jsonrpc.ts,
so that stdio and HTTP, in either language, answer the same malformed input alike: one JSON-RPC
2.0 message per line or POST, never a batch (MCP 2025-11-25 has none)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "INVALID_REQUEST",
    "MAX_DEPTH",
    "PARSE_ERROR",
    "Incoming",
    "is_blank",
    "read_message",
    "refusal",
]

PARSE_ERROR = -32700
INVALID_REQUEST = -32600

MAX_DEPTH = 100
"""The deepest nesting of arrays and objects read, the message itself being 1."""

_LEXEME = re.compile(r'["\\\[\]{}]')

# JavaScript's safe integers: the ids both languages read exactly.
_MAX_ID = 2**53 - 1
_BLANK = re.compile(r"[ \t\r\n]*")


@dataclass(frozen=True)
class Incoming:
    """A message to hand the SDK (``message``), or the error answer for one that is none
    (``refusal``)."""

    message: dict[str, Any] | None = None
    refusal: dict[str, Any] | None = None


def is_blank(text: str) -> bool:
    """Blank lines between messages are skipped: only JSON's own whitespace."""
    return _BLANK.fullmatch(text) is not None


def read_message(text: str) -> Incoming:
    """Reads one message's text: not JSON is a -32700 (parse error); a batch, a value that is
    no object, a ``jsonrpc`` other than "2.0", an id that is no string or integer, a method
    that is no string, params that are no object, or no method and no response are -32600
    (invalid request). The answer carries the message's id when it could be read, null
    otherwise. An integer id written with a fraction or exponent (``1.0``, ``1e2``) is read as
    the integer, as JavaScript reads it. A text nested deeper than MAX_DEPTH is -32600
    too, before it is parsed."""
    # The rule is the TypeScript one, on the text before it is parsed (runtime/mcp/jsonrpc.ts);
    # counted here on the parsed value, the same for JSON, and on the text only when it is none.
    too_deep = _invalid(
        None,
        f"nested deeper than {MAX_DEPTH} arrays and objects, the most this server reads",
    )
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        return (
            too_deep  # deeper than the parser's own limit, itself deeper than MAX_DEPTH
        )
    except ValueError:
        if _depth_of(text) > MAX_DEPTH:
            return too_deep
        return _refused(None, PARSE_ERROR, "Parse error: the message is not JSON")
    if _deeper_than(value, MAX_DEPTH):
        return too_deep
    return check_message(value)


def check_message(value: object) -> Incoming:
    """The checks of ``read_message`` on a value already parsed."""
    if isinstance(value, list):
        return _invalid(
            None, "a batch (a JSON array); this server takes one message at a time"
        )
    if not isinstance(value, dict):
        return _invalid(None, "the message is not a JSON object")
    has_id = "id" in value
    id_ = _id(value["id"]) if has_id else None
    if value.get("jsonrpc") != "2.0":
        return _invalid(id_, '"jsonrpc" must be "2.0"')
    if has_id and id_ is None:
        return _invalid(None, '"id" must be a string or an integer')
    message = {**value, "id": id_} if has_id else value
    if "method" in value:
        if not isinstance(value["method"], str):
            return _invalid(id_, '"method" must be a string')
        if "params" in value and not isinstance(value["params"], dict):
            return _invalid(id_, '"params" must be an object')
        return Incoming(message=message)
    if "result" not in value and "error" not in value:
        return _invalid(id_, '"method" is missing')
    if has_id and _is_response(value):
        return Incoming(message=message)
    return _invalid(
        id_,
        'a response needs an id and either a "result" object or an "error" with a code '
        "and a message",
    )


def refusal(id_: str | int | None, code: int, message: str) -> dict[str, Any]:
    """The error answer to a message the server cannot take."""
    return {"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": message}}


def _depth_of(text: str) -> int:
    """How deep the brackets outside strings nest: the greatest count of those open at once. A
    string runs from a ``"`` to the next one no backslash escapes, or to the end of an
    unterminated text."""
    depth = most = 0
    in_string = False
    at = 0
    while (found := _LEXEME.search(text, at)) is not None:
        c = found.group()
        at = found.end()
        if in_string:
            if c == "\\":
                at += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            most = max(most, depth)
        elif c in "]}":
            depth -= 1
    return most


def _deeper_than(value: object, limit: int) -> bool:
    """Whether arrays and objects nest in a parsed value deeper than ``limit``, the value
    itself being 1."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (
            item.values()
            if isinstance(item, dict)
            else item
            if isinstance(item, list)
            else ()
        )
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def _id(value: object) -> str | int | None:
    """A request id as MCP takes one: a string, or an integer JSON carries exactly."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and -_MAX_ID <= value <= _MAX_ID:
        return value
    return None


def _is_response(value: dict[str, Any]) -> bool:
    """A response to a request of the server's: a result object, or an error with its code
    and message."""
    if ("result" in value) == ("error" in value):
        return False
    if "result" in value:
        return isinstance(value["result"], dict)
    error = value["error"]
    return (
        isinstance(error, dict)
        and _id(error.get("code")) is not None
        and not isinstance(error.get("code"), str)
        and isinstance(error.get("message"), str)
    )


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _invalid(id_: str | int | None, why: str) -> Incoming:
    return _refused(id_, INVALID_REQUEST, f"Invalid Request: {why}")


def _refused(id_: str | int | None, code: int, message: str) -> Incoming:
    return Incoming(refusal=refusal(id_, code, message))
