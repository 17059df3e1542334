"""A call's input placed into an HTTP request: a port of runtime/client/request.ts, with the
same path encoding and the same refusals."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote

from .config import is_header_name, is_header_value
from .data import HttpBinding, PathPart
from .errors import ClientError, InputError
from .results import to_json

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")

_UNSET = object()


@dataclass(frozen=True)
class PlannedRequest:
    """One HTTP request, before the base URL and the token are added."""

    method: str
    target: str
    """Path and query string, every value encoded, e.g. ``/workspaces/ws%2F1/activity?limit=5``."""
    body: str | None
    """The JSON text of the body, or None when no body is sent."""
    headers: tuple[tuple[str, str], ...]


def plan_request(
    tool: str, http: HttpBinding, input: Mapping[str, object], workspace: str
) -> PlannedRequest:
    """Places a call's input where the tool's binding says: path, query, body, headers.
    ``workspace`` is the routed workspace's id. An optional input that was not given is left
    out; constants and the workspace are always sent."""

    def value(source: Mapping[str, object]) -> object:
        if "workspace" in source:
            return workspace
        if "const" in source:
            return source["const"]
        name = source.get("input")
        return input[name] if isinstance(name, str) and name in input else _UNSET

    path = "".join(
        _text(part) if "text" in part else _segment(tool, part, value(part))
        for part in http["path"]
    )
    query: list[str] = []
    for field in http["query"]:
        v = value(field)
        if v is _UNSET or v is None:
            continue
        for item in v if isinstance(v, list) else [v]:
            if item is None:
                continue
            query.append(
                f"{_encode(tool, field['name'])}={_encode(tool, _scalar_text(item))}"
            )
    body: str | None = None
    whole = http["body"]
    if isinstance(whole, dict):
        # The whole body: sent when given (JSON's null included), else no body at all.
        v = value(whole)
        if v is not _UNSET:
            body = to_json(v)
    elif whole is not None:
        fields: dict[str, object] = {}
        for field in whole:
            v = value(field)
            if v is not _UNSET:
                fields[field["name"]] = v
        body = to_json(fields)
    headers: list[tuple[str, str]] = []
    for field in http["headers"]:
        v = value(field)
        if v is _UNSET or v is None:
            continue
        text = _scalar_text(v)
        if field["name"].lower() == "authorization":
            raise ClientError(f"{tool}: the binding may not set Authorization", tool)
        if not is_header_value(text):
            raise ClientError(
                f"{tool}: header {field['name']} would contain a line break or a character that"
                " cannot be sent in a header",
                tool,
            )
        headers.append((field["name"], text))
    return PlannedRequest(
        method=http["method"],
        target=f"{path}?{'&'.join(query)}" if query else path,
        body=body,
        headers=tuple(headers),
    )


def plan_raw(
    label: str,
    method: str,
    path: str,
    workspace: str,
    params: Mapping[str, str | int | float] | None = None,
    query: Mapping[str, object] | None = None,
    body: object = _UNSET,
    headers: Mapping[str, str] | None = None,
) -> PlannedRequest:
    """A request to a platform endpoint that no tool declares (uploads, registration, polling):
    ``{$workspace}`` in the path is the routed workspace's id, ``{name}`` is ``params[name]``,
    each as one encoded segment; query values None are not sent and a list repeats its key; a
    body is sent as JSON."""
    if method not in METHODS:
        raise ClientError(f"{label}: unsupported method {to_json(str(method))}", label)
    if not isinstance(path, str) or not path.startswith("/"):
        raise ClientError(f"{label}: the path must be a string starting with /", label)
    given = params or {}
    out = ""
    last = 0
    for m in re.finditer(r"\{([^{}]*)\}", path):
        out += _literal(label, path[last : m.start()])
        name = m[1]
        if name == "$workspace":
            out += _segment(label, {"workspace": True}, workspace)
        else:
            out += _segment(label, {"input": name}, given.get(name, _UNSET))
        last = m.end()
    out += _literal(label, path[last:])
    pairs: list[str] = []
    for name, v in (query or {}).items():
        if v is None:
            continue
        for item in v if isinstance(v, (list, tuple)) else [v]:
            pairs.append(f"{_encode(label, name)}={_encode(label, _scalar_text(item))}")
    text: str | None = None
    if body is not _UNSET:
        if method == "GET":
            raise ClientError(f"{label}: a GET request has no body", label)
        text = to_json(body)
    sent: list[tuple[str, str]] = []
    for name, hv in (headers or {}).items():
        if name.lower() == "authorization":
            raise ClientError(
                f"{label}: a request may not set Authorization: the client sends the workspace's"
                " own token",
                label,
            )
        if not is_header_name(name):
            raise ClientError(
                f"{label}: {to_json(name)} is not a valid header name", label
            )
        if not isinstance(hv, str) or not is_header_value(hv):
            raise ClientError(
                f"{label}: header {name} must be a string without line breaks", label
            )
        sent.append((name, hv))
    return PlannedRequest(
        method=method,
        target=f"{out}?{'&'.join(pairs)}" if pairs else out,
        body=text,
        headers=tuple(sent),
    )


def _text(part: PathPart) -> str:
    text = part.get("text")
    assert isinstance(text, str)
    return text


_DOT_SEGMENT = re.compile(r"(?:\.|%2e){1,2}\Z", re.IGNORECASE)
_UNSAFE = re.compile(r"[\\\x00-\x1f\x7f]")


def is_dot_segment(segment: str) -> bool:
    """``.`` or ``..`` as a URL parser reads them: ``%2e`` is a dot, in either case."""
    return _DOT_SEGMENT.match(segment) is not None


def _literal(label: str, text: str) -> str:
    if re.search(r"[?#{}]", text):
        raise ClientError(
            f"{label}: the path may not contain ?, # or unmatched braces: use query",
            label,
        )
    if _UNSAFE.search(text) or any(is_dot_segment(s) for s in text.split("/")):
        raise ClientError(
            f"{label}: the path may not contain a backslash, a control character, or a . or .."
            " segment",
            label,
        )
    return text


def _segment(tool: str, part: Mapping[str, object], v: object) -> str:
    """A value placed into the path as exactly one segment: ``/``, ``?``, ``#`` and ``%`` are
    encoded; dot segments are refused. A caller's value is the caller's mistake (an
    InputError), a workspace id the configuration's (a ClientError)."""
    name = part.get("input")
    what = f"path parameter {name}" if isinstance(name, str) else "workspace"

    def refuse(problem: str) -> ClientError:
        if isinstance(name, str):
            return InputError(tool, [f"{what} {problem}"])
        return ClientError(f"{tool}: {what} {problem}", tool)

    if v is _UNSET or v is None:
        raise refuse("is missing")
    if isinstance(v, (dict, list, tuple)):
        raise refuse("must be a string or a number")
    text = _scalar_text(v)
    if text in ("", ".", ".."):
        raise refuse(f"cannot be {to_json(text)}: it would not be one path segment")
    return _encode(tool, text)


def _scalar_text(v: object) -> str:
    """Query, path and header values: strings as they are, anything else as JSON writes it."""
    return v if isinstance(v, str) else to_json(v)


def _encode(tool: str, text: str) -> str:
    """JavaScript's ``encodeURIComponent``."""
    try:
        return quote(text, safe="!'()*", encoding="utf-8", errors="strict")
    except UnicodeEncodeError:
        raise ClientError(
            f"{tool}: a value contains an unpaired surrogate and cannot be put in a URL",
            tool,
        ) from None


def check_target(prefix: str, target: str, tool: str) -> None:
    """What is asked for stays under the base URL's path prefix: no ``.`` or ``..`` segment
    (``%2e`` spelt, or after a backslash), no control character."""
    path = re.sub(r"[?#].*\Z", "", target, flags=re.DOTALL)
    if (
        _UNSAFE.search(path)
        or any(is_dot_segment(s) for s in path.split("/"))
        or not f"{prefix}{path}".startswith(f"{prefix}/")
    ):
        raise ClientError(f"{tool}: the path would leave the base URL's path", tool)
