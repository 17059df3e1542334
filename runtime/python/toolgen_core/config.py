"""A client's configuration, checked once: a port of runtime/client/config.ts and options.ts.

Keys are Python's spelling of the TypeScript options (``base_url`` for ``baseUrl``…), and the
problems name them so; the numbers (time limit, size cap, retries) are the same.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    import httpx

    from .auth import Authorization
    from .data import EnvNames

from .errors import ConfigError
from .hooks import ClientHooks, Hooks, resolve_hooks
from .results import to_json

if sys.version_info >= (3, 11):
    from typing import NotRequired
else:  # pragma: no cover - Python 3.10
    from typing_extensions import NotRequired

DEFAULT_TIMEOUT_MS = 30_000
"""Time limit of one call, answer included, in milliseconds."""
DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024
"""The largest answer body read, in bytes."""


class WorkspaceCredentials(TypedDict):
    id: str
    token: str
    """Sent as ``Authorization: Bearer <token>`` with this workspace's requests, and no other."""


class RetryOptions(TypedDict, total=False):
    """How a call that may safely be repeated is tried again on 429, 502, 503 or 504, or when
    no answer came."""

    attempts: int
    """Tries in all, the first included: 3 when not given; 1 never retries."""
    budget_ms: float
    """No try starts later than this after the first one: 30 000 when not given."""
    base_delay_ms: float
    """The wait before the first retry without Retry-After, doubled for each next one: 500."""
    max_delay_ms: float
    """The longest such wait: 10 000 (a Retry-After is honoured beyond it, within the budget)."""
    random: Callable[[], float]
    """The jitter's source, a number in [0, 1): ``random.random`` when not given."""
    sleep: Callable[[float], Awaitable[None]]
    """Waits that many milliseconds: ``anyio.sleep`` when not given."""
    now: Callable[[], float]
    """The clock, in milliseconds since the epoch."""


class CallOptions(TypedDict, total=False):
    timeout_ms: float
    """Overrides the client's time limit for this call."""
    retry: RetryOptions | bool
    """False: this call is tried once; a dict overrides the client's retry options for it."""


class ClientConfig(TypedDict):
    """One workspace (``workspace``) or several (``workspaces``, the first the primary)."""

    base_url: str
    """The platform's base URL, e.g. ``https://platform.example.com`` (a path prefix is kept)."""
    workspace: NotRequired[WorkspaceCredentials]
    workspaces: NotRequired[Sequence[WorkspaceCredentials]]
    timeout_ms: NotRequired[float]
    """Time limit of one call, answer included, in milliseconds (30 000 when not given)."""
    headers: NotRequired[Mapping[str, str]]
    """Sent with every request; ``Authorization`` is the client's own and cannot be set here."""
    retry: NotRequired[RetryOptions | bool]
    """Retries of idempotent calls (on by default); False turns them off."""
    max_response_bytes: NotRequired[int]
    """The largest answer body read, in bytes (10 MiB when not given)."""
    transport: NotRequired[httpx.AsyncBaseTransport]
    """Replaces httpx's transport, e.g. to add a proxy."""
    hooks: NotRequired[ClientHooks]
    """``on_request`` and ``on_response``: observers of every HTTP request, given nothing that
    holds a credential (see ``hooks``)."""


class ApiClientConfig(TypedDict):
    """An API without workspaces: its base URL (the spec's default when left out and the spec
    has one) and its credential, of the kind the spec declares: ``{"bearer": ...}``,
    ``{"api_key": ...}`` or ``{"basic": {"username": ..., "password": ...}}``."""

    base_url: NotRequired[str]
    auth: NotRequired[Mapping[str, object]]
    timeout_ms: NotRequired[float]
    headers: NotRequired[Mapping[str, str]]
    retry: NotRequired[RetryOptions | bool]
    max_response_bytes: NotRequired[int]
    transport: NotRequired[httpx.AsyncBaseTransport]
    hooks: NotRequired[ClientHooks]


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int
    budget_ms: float
    base_delay_ms: float
    max_delay_ms: float
    random: Callable[[], float]
    sleep: Callable[[float], Awaitable[None]]
    now: Callable[[], float]


@dataclass(frozen=True)
class Base:
    """A checked base URL: its origin (``https://h:8443``) and its path without a final ``/``."""

    origin: str
    prefix: str


@dataclass(frozen=True)
class ResolvedConfig:
    base: Base
    workspaces: dict[str, str]
    primary: str
    timeout_ms: float
    headers: tuple[tuple[str, str], ...]
    retry: RetryPolicy | None
    max_response_bytes: int
    transport: httpx.AsyncBaseTransport | None
    hooks: Hooks | None = None
    api: Authorization | None = None
    """An API without workspaces: what every request carries; None for a platform."""
    secrets: tuple[str, ...] = ()
    """Every secret of the configuration (tokens, key, password, basic's base64)."""


_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+\Z")
_HEADER_VALUE = re.compile(r"[^\0\r\n\u0100-\U0010ffff]*\Z")


def is_header_value(value: str) -> bool:
    """What can be sent as a header value: bytes, no NUL, CR or LF."""
    return _HEADER_VALUE.match(value) is not None


def is_header_name(name: str) -> bool:
    return _HEADER_NAME.match(name) is not None


def resolve_config(
    config: ClientConfig | ApiClientConfig, names: EnvNames | None = None
) -> ResolvedConfig:
    """Checks a configuration once, every problem at once (a ``ConfigError``), against the
    spec's settings (``names``): a platform's takes workspaces, an API's its credential."""
    from .auth import has_workspaces, resolve_auth
    from .retry import DEFAULT_RETRY, resolve_retry
    from .workspaces import resolve_workspaces

    if not isinstance(config, Mapping):
        raise ConfigError(["the client configuration must be a dict"])
    problems: list[str] = []
    platform = names is None or has_workspaces(names)
    given_base = config.get("base_url")
    if given_base is None and names is not None:
        given_base = names.get("defaultBaseUrl")
    base = check_base_url(given_base, "base_url", problems, platform)
    api: Authorization | None = None
    if platform:
        if config.get("auth") is not None:
            problems.append(
                "auth is for an API without workspaces: this client sends each workspace's"
                " own token"
            )
        workspaces = resolve_workspaces(config, problems)
        secrets = tuple(workspaces.values())
        own: tuple[str, ...] = ()
        why = "the client sends each workspace's own token"
    else:
        assert names is not None
        if config.get("workspace") is not None or config.get("workspaces") is not None:
            problems.append(
                "this API has no workspaces: give base_url and auth, not workspace or"
                " workspaces"
            )
        api = resolve_auth(config.get("auth"), names.get("auth"), problems)
        workspaces, secrets = {}, api.secrets
        own = tuple(name for name, _ in api.headers)
        why = "the client sends its own credential there"
    timeout_ms: float = DEFAULT_TIMEOUT_MS
    given_timeout = config.get("timeout_ms")
    if given_timeout is not None:
        if not _positive(given_timeout):
            problems.append("timeout_ms must be a positive number of milliseconds")
        else:
            timeout_ms = given_timeout
    max_bytes = DEFAULT_MAX_RESPONSE_BYTES
    given_max = config.get("max_response_bytes")
    if given_max is not None:
        if (
            isinstance(given_max, bool)
            or not isinstance(given_max, int)
            or given_max <= 0
        ):
            problems.append(
                "max_response_bytes must be a positive whole number of bytes"
            )
        else:
            max_bytes = given_max
    headers = _check_headers(config.get("headers"), problems, own, why)
    retry = resolve_retry(config.get("retry"), DEFAULT_RETRY, problems)
    hooks = resolve_hooks(config.get("hooks"), problems)
    if problems or base is None:
        raise ConfigError(problems)
    return ResolvedConfig(
        base=base,
        workspaces=workspaces,
        primary=next(iter(workspaces), ""),
        timeout_ms=timeout_ms,
        headers=headers,
        retry=retry,
        max_response_bytes=max_bytes,
        transport=config.get("transport"),
        hooks=hooks,
        api=api,
        secrets=secrets,
    )


def _positive(value: object) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def check_base_url(
    value: object, name: str, problems: list[str], platform: bool = True
) -> Base | None:
    """Parses a base URL; never repeats it in a message, since it might carry credentials."""
    if value is None or value == "":
        problems.append(
            f"{name} is not set: give the platform's base URL, e.g. https://platform.example.com"
            if platform
            else f"{name} is not set: give the API's base URL, e.g. https://api.example.com"
        )
        return None
    if not isinstance(value, str):
        problems.append(f"{name} must be a URL string, got {kind(value)}")
        return None
    invalid = f"{name} is not a valid URL: give an absolute one, e.g. https://platform.example.com"
    text = value.strip()
    scheme_match = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", text)
    if scheme_match is None or any(c in text for c in " <>\\^`{|}"):
        problems.append(invalid)
        return None
    scheme = scheme_match[1].lower()
    if scheme not in ("http", "https"):
        problems.append(f"{name} must be an http: or https: URL")
        return None
    import httpx  # on first use: importing the client module stays cheap

    try:
        url = httpx.URL(text)
    except (httpx.InvalidURL, ValueError):
        problems.append(invalid)
        return None
    if not url.host:
        problems.append(invalid)
        return None
    before = len(problems)
    if url.userinfo:
        problems.append(
            f"{name} must not contain a user name or password: "
            + (
                "the client authenticates with workspace tokens"
                if platform
                else "the client sends its own credential"
            )
        )
    if url.query or url.fragment or "?" in text or "#" in text:
        problems.append(f"{name} must not contain a query string or a fragment")
    if len(problems) > before:
        return None
    host = f"[{url.host}]" if ":" in url.host else url.host
    port = f":{url.port}" if url.port is not None else ""
    return Base(origin=f"{scheme}://{host}{port}", prefix=url.path.rstrip("/"))


def _check_headers(
    headers: object, problems: list[str], own: tuple[str, ...], why: str
) -> tuple[tuple[str, str], ...]:
    owned = {n.lower() for n in own} | {"authorization"}
    if headers is None:
        return ()
    if not isinstance(headers, Mapping):
        problems.append(
            f"headers must be a dict of header names to strings, got {kind(headers)}"
        )
        return ()
    out: list[tuple[str, str]] = []
    for name, value in headers.items():
        if str(name).lower() in owned:
            shown = "Authorization" if str(name).lower() == "authorization" else name
            problems.append(f"headers may not set {shown}: {why}")
        elif not isinstance(name, str) or not is_header_name(name):
            problems.append(f"headers: {to_json(str(name))} is not a valid header name")
        elif not isinstance(value, str):
            problems.append(f"headers.{name} must be a string, got {kind(value)}")
        elif not is_header_value(value):
            problems.append(
                f"headers.{name} contains a line break or a character that cannot be sent in a"
                " header"
            )
        else:
            out.append((name, value))
    return tuple(out)


def kind(value: object) -> str:
    """ "a string", "a number", "an array", "null"… for messages that must not echo a value: the
    JSON names, as the TypeScript client says them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"
