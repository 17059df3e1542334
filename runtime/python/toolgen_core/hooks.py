"""Observers of every HTTP request the client sends: a port of runtime/client/hooks.ts.

``on_request(info)`` is called before each request (each try, each redirect) and
``on_response(info)`` on each answer, before its body is read. What they are given never holds a
credential: ``Authorization`` shows as ``Bearer [redacted]``, a header or query value named like
a credential as ``[redacted]``, a user name and password in a URL are left out, and every
workspace token is removed wherever else it appears. A hook may be a coroutine function; one
that raises fails the call with its own exception (``on_request`` before anything is sent).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict
from urllib.parse import unquote, urlsplit, urlunsplit

from .redact import REDACTED, redact

__all__ = [
    "ClientHooks",
    "Hooks",
    "RequestInfo",
    "ResponseInfo",
    "redact_headers",
    "redact_url",
    "resolve_hooks",
]


@dataclass(frozen=True)
class RequestInfo:
    """What ``on_request`` receives: one HTTP request about to be sent, its credentials
    redacted."""

    tool: str
    """The tool called (or the ``request`` label)."""
    attempt: int
    """1 for the first try of a call, 2 for its first retry… (redirects keep their try's
    number)."""
    method: str
    url: str
    """The absolute URL, with tokens and credential query values redacted."""
    headers: Mapping[str, str]
    """Lower-case names; Authorization and credential headers redacted, tokens removed from
    the rest."""


@dataclass(frozen=True)
class ResponseInfo:
    """What ``on_response`` receives: one HTTP answer, before its body is read."""

    tool: str
    attempt: int
    method: str
    url: str
    status: int
    headers: Mapping[str, str]
    """The answer's headers, redacted as the request's are (Set-Cookie included)."""
    duration_ms: int
    """From sending the request to the answer's headers, in milliseconds."""


RequestHook = Callable[[RequestInfo], "Awaitable[None] | None"]
ResponseHook = Callable[[ResponseInfo], "Awaitable[None] | None"]


class ClientHooks(TypedDict, total=False):
    """``ClientConfig["hooks"]``: observers of every HTTP request; what they get never holds a
    token."""

    on_request: RequestHook
    """Called before each request (each try, each redirect); a raise fails the call with that
    exception."""
    on_response: ResponseHook
    """Called on each answer, before its body is read; a raise fails the call with that
    exception."""


@dataclass(frozen=True)
class Hooks:
    """The checked hooks of a configuration."""

    on_request: RequestHook | None
    on_response: ResponseHook | None


def resolve_hooks(value: object, problems: list[str]) -> Hooks | None:
    """Checks ``ClientConfig["hooks"]``: None when there are none."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        problems.append("hooks must be a dict of on_request and on_response")
        return None
    found: dict[str, Callable[..., object]] = {}
    for name, hook in value.items():
        if name not in ("on_request", "on_response"):
            problems.append(
                f"hooks.{name} is not a hook (the hooks are on_request and on_response)"
            )
        elif hook is None:
            continue
        elif not callable(hook):
            problems.append(f"hooks.{name} must be a function")
        else:
            found[name] = hook
    if not found:
        return None
    return Hooks(found.get("on_request"), found.get("on_response"))  # type: ignore[arg-type]


async def call_hook(hook: Callable[[object], object], info: object) -> None:
    """Runs a hook, awaiting it when it is a coroutine function (or returns an awaitable)."""
    result = hook(info)
    if inspect.isawaitable(result):
        await result


# Names of headers and query parameters whose values are credentials, whatever they hold:
# Authorization, cookies, and any name that speaks of a token, key, secret, password or session
# (ASCII case-insensitive, as JavaScript's `i` flag without `u`).
_CREDENTIAL = re.compile(
    r"^(?:authorization|proxy-authorization|cookie|set-cookie|key|auth)$|token|secret"
    r"|passw|api-?_?key|session|credential|signature|^x-auth",
    re.IGNORECASE | re.ASCII,
)
_SCHEME = re.compile(r"([A-Za-z][\w.-]*) +\S", re.ASCII)


def redact_headers(
    headers: Iterable[tuple[str, str]], tokens: Sequence[str]
) -> dict[str, str]:
    """Credential headers shown as ``[redacted]`` (``Bearer [redacted]`` keeps the scheme),
    tokens removed from the rest; lower-case names in sorted order, repeated ones joined with
    ``, ``, as JavaScript's Headers gives them."""
    out: dict[str, str] = {}
    for raw, value in sorted(headers, key=lambda h: h[0].lower()):
        name = raw.lower()
        shown = _hidden(value) if _CREDENTIAL.search(name) else redact(value, tokens)
        out[name] = f"{out[name]}, {shown}" if name in out else shown
    return out


def _hidden(value: str) -> str:
    scheme = _SCHEME.match(value)
    return f"{scheme.group(1)} {REDACTED}" if scheme else REDACTED


def redact_url(href: str, tokens: Sequence[str]) -> str:
    """The URL without a user name or password, each credential query value replaced, and
    every known token removed from what is left (path and other values included, in any
    encoding)."""
    text = href
    try:
        parts = urlsplit(href)
        if parts.username is not None or parts.password is not None:
            host = parts.netloc.rpartition("@")[2]
            text = urlunsplit(parts._replace(netloc=host))
    except ValueError:
        pass  # Not a URL: shown with its tokens removed, as any other text.
    at = next((i for i, c in enumerate(text) if c in "?#"), -1)
    if at >= 0 and text[at] == "?":
        end = text.find("#", at)
        query = text[at + 1 : None if end < 0 else end]
        pairs = []
        for pair in query.split("&"):
            name, eq, _ = pair.partition("=")
            pairs.append(
                f"{name}={REDACTED}"
                if eq and _CREDENTIAL.search(_decode(name))
                else pair
            )
        text = f"{text[: at + 1]}{'&'.join(pairs)}{'' if end < 0 else text[end:]}"
    return redact(text, tokens)


def _decode(text: str) -> str:
    try:
        return unquote(text.replace("+", " "), errors="strict")
    except UnicodeDecodeError:
        return text
