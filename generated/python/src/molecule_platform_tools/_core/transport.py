"""One planned request sent and its answer read: a port of runtime/client/transport.ts and
body.ts, with the same redirect rules, size caps and messages."""

from __future__ import annotations

import errno
import json
import re
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import anyio
import httpx

from .auth import Authorization, with_query_credential
from .config import ResolvedConfig
from .errors import (
    CallTimeoutError,
    ClientError,
    NetworkError,
    OutcomeUnknownError,
    PlatformError,
)
from .hooks import RequestInfo, ResponseInfo, call_hook, redact_headers, redact_url
from .redact import longest_token_form, redact, redact_value
from .request import PlannedRequest, check_target

MAX_REDIRECTS = 5
"""Redirects followed (within the platform's origin) before giving up."""
REDIRECTS = frozenset({301, 302, 303, 307, 308})
MAX_MESSAGE = 1000
"""Longest platform message kept from an error answer."""
ERROR_EXCERPT_BYTES = 64 * 1024
"""The most of an error answer's body read and kept, in bytes."""

_JSON_TYPE = re.compile(r"application/(?:[\w.+-]+\+)?json\b", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True)
class Exchange:
    config: ResolvedConfig
    tool: str
    auth: Authorization
    """The routed workspace's token (or the API's credential), the only one this request may carry."""
    timeout_ms: float
    attempt: int = 1
    """1 for the first try of a call, 2 for its first retry…, as the hooks are told."""


class _HookFailed(Exception):
    """A hook raised: the call fails with the hook's own exception, not a transport error."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error


async def _run_hook(hook: Callable[[Any], object], info: object) -> None:
    try:
        await call_hook(hook, info)
    except Exception as error:
        raise _HookFailed(error) from error


async def send(http: httpx.AsyncClient, plan: PlannedRequest, x: Exchange) -> object:
    """Sends one planned request and returns the answer's parsed JSON (its text when it is not
    JSON, None when empty). Redirects are followed here, within the platform's origin and the
    base URL's path only, so that neither the token, nor a header, nor a body reaches anything
    else."""
    tokens = list(x.config.secrets)
    timeout_ms = x.timeout_ms
    if (
        isinstance(timeout_ms, bool)
        or not isinstance(timeout_ms, (int, float))
        or not timeout_ms > 0
        or timeout_ms == float("inf")
    ):
        raise ClientError(
            f"{x.tool}: timeout_ms must be a positive number of milliseconds", x.tool
        )
    base = x.config.base
    check_target(base.prefix, plan.target, x.tool)
    url = f"{base.origin}{base.prefix}{plan.target}"
    method = plan.method
    body = plan.body
    try:
        with anyio.fail_after(timeout_ms / 1000):
            for hop in range(MAX_REDIRECTS + 1):
                headers = [("accept", "application/json")]
                headers += list(x.config.headers) + list(plan.headers)
                if body is not None:
                    headers.append(("content-type", "application/json"))
                headers += list(x.auth.headers)
                # The URL without the credential is what messages show; the request has it.
                sent_url = with_query_credential(url, x.auth.query)
                request = http.build_request(
                    method,
                    httpx.URL(sent_url),
                    headers=_unique(headers),
                    content=body.encode("utf-8") if body is not None else None,
                )
                hooks = x.config.hooks
                shown_url = redact_url(sent_url, tokens) if hooks else ""
                if hooks and hooks.on_request:
                    await _run_hook(
                        hooks.on_request,
                        RequestInfo(
                            tool=x.tool,
                            attempt=x.attempt,
                            method=method,
                            url=shown_url,
                            headers=redact_headers(_unique(headers), tokens),
                        ),
                    )
                started = time.monotonic()
                response = await http.send(request, stream=True)
                try:
                    if hooks and hooks.on_response:
                        await _run_hook(
                            hooks.on_response,
                            ResponseInfo(
                                tool=x.tool,
                                attempt=x.attempt,
                                method=method,
                                url=shown_url,
                                status=response.status_code,
                                headers=redact_headers(
                                    response.headers.multi_items(), tokens
                                ),
                                duration_ms=int((time.monotonic() - started) * 1000),
                            ),
                        )
                    location = (
                        response.headers.get("location")
                        if response.status_code in REDIRECTS
                        else None
                    )
                    if location is None:
                        return await _answer(
                            response, x.tool, tokens, x.config.max_response_bytes
                        )
                finally:
                    await response.aclose()
                if hop >= MAX_REDIRECTS:
                    raise ClientError(
                        f"{x.tool}: more than {MAX_REDIRECTS} redirects", x.tool
                    )
                url, method, body = _follow(
                    url, location, response.status_code, method, body, x
                )
            raise AssertionError("unreachable")  # pragma: no cover
    except _HookFailed as failed:
        raise failed.error from None
    except ClientError:
        raise
    except TimeoutError:
        raise CallTimeoutError(
            f"{x.tool}: no answer from the platform within {_ms(timeout_ms)} ms",
            timeout_ms,
            x.tool,
        ) from None
    except (httpx.TransportError, OSError) as e:
        raise _network_error(e, x.tool, method, url, tokens) from None


def _follow(
    url: str, location: str, status: int, method: str, body: str | None, x: Exchange
) -> tuple[str, str, str | None]:
    base = x.config.base
    try:
        following = httpx.URL(url).join(location)
    except (httpx.InvalidURL, ValueError):
        raise ClientError(
            f"{x.tool}: the platform redirected to an invalid URL", x.tool
        ) from None
    if following.scheme not in ("http", "https"):
        raise ClientError(
            f"{x.tool}: the platform redirected to a non-HTTP URL", x.tool
        )
    origin = _origin(following)
    if origin != base.origin:
        raise ClientError(
            f"{x.tool}: the platform redirected to another origin ({origin}); the client"
            f" follows redirects only within {base.origin}",
            x.tool,
        )
    path = following.path
    if base.prefix and path != base.prefix and not path.startswith(f"{base.prefix}/"):
        raise ClientError(
            f"{x.tool}: the platform redirected outside the base URL's path ({base.prefix}/);"
            " the client follows redirects only within it",
            x.tool,
        )
    if status == 303 or (status in (301, 302) and method == "POST"):
        method, body = "GET", None
    return str(following), method, body


def _origin(url: httpx.URL) -> str:
    host = f"[{url.host}]" if ":" in url.host else url.host
    port = f":{url.port}" if url.port is not None else ""
    return f"{url.scheme}://{host}{port}"


def _unique(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each header once, the last value set winning, as ``Headers.set`` does."""
    chosen: dict[str, tuple[str, str]] = {}
    for name, value in headers:
        chosen[name.lower()] = (name.lower(), value)
    return list(chosen.values())


async def _read(response: httpx.Response, limit: int, head: bool) -> tuple[str, bool]:
    """At most ``limit`` bytes of the body as UTF-8 text, and whether the body went on past it
    (the rest is not read). With ``head`` False, a body whose Content-Length is over the limit
    is not read at all."""
    declared = response.headers.get("content-length", "")
    chunks: list[bytes] = []
    size = 0
    cut = not head and declared.isdigit() and int(declared) > limit
    if not cut:
        async for chunk in response.aiter_bytes():
            room = limit - size
            if len(chunk) > room:
                chunks.append(chunk[:room])
                size = limit
                cut = True
                break
            chunks.append(chunk)
            size += len(chunk)
    text = b"".join(chunks).decode("utf-8", "replace")
    return text.removeprefix("\ufeff"), cut


async def _answer(
    response: httpx.Response, tool: str, tokens: Sequence[str], max_bytes: int
) -> object:
    status = response.status_code
    ok = 200 <= status < 300
    limit = max_bytes if ok else min(max_bytes, ERROR_EXCERPT_BYTES)
    text, cut = await _read(response, limit, not ok)
    if ok and cut:
        raise ClientError(
            f"{tool}: the platform's answer (HTTP {status}) is larger than {max_bytes} bytes,"
            " the client's max_response_bytes; it was not read",
            tool,
        )
    is_json = (
        not cut
        and _JSON_TYPE.match(response.headers.get("content-type", "")) is not None
    )
    parsed: object = None if text == "" else text
    parse_failed = False
    if is_json and text != "":
        try:
            parsed = json.loads(text, parse_constant=_refuse)
        except ValueError:
            parse_failed = True
    if ok:
        if parse_failed:
            raise ClientError(
                f"{tool}: the platform answered {status} with invalid JSON", tool
            )
        return parsed
    if cut:
        clean = redact(text, tokens)
        parsed = f"{clean[: max(0, len(clean) - longest_token_form(tokens))]}…"
    own = _platform_message(parsed, is_json and not parse_failed)
    reason = response.reason_phrase
    fallback = f"the platform answered {status}{f' {reason}' if reason else ''}"
    message = _clip(redact(own if own is not None else fallback, tokens))
    raise PlatformError(
        status,
        message,
        redact_value(parsed, tokens),
        tool,
        retry_after=response.headers.get("retry-after"),
    )


def _refuse(constant: str) -> object:
    raise ValueError(f"{constant} is not JSON")


def _clip(text: str) -> str:
    return f"{text[:MAX_MESSAGE]}…" if len(text) > MAX_MESSAGE else text


def _platform_message(body: object, is_json: bool) -> str | None:
    """The platform's own explanation: ``{error}``, ``{error: {message}}``, ``{message}``,
    ``{detail}`` or a plain-text body."""
    if isinstance(body, str):
        text = body.strip()
        # An HTML error page says nothing a caller can use.
        if not text or (not is_json and text.startswith("<")):
            return None
        return text
    if not isinstance(body, dict):
        return None
    for key in ("error", "message", "detail"):
        v = body.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()
        if isinstance(v, dict) and isinstance(v.get("message"), str):
            return str(v["message"])
        # FastAPI-style validation details: [{msg, loc}, …]
        if isinstance(v, list) and v:
            messages = [d.get("msg") if isinstance(d, dict) else None for d in v]
            if all(isinstance(m, str) for m in messages):
                return "; ".join(str(m) for m in messages)
    return None


def _network_error(
    e: BaseException, tool: str, method: str, url: str, tokens: Sequence[str]
) -> NetworkError | OutcomeUnknownError:
    """A call that never got an answer, worded by toolgen as runtime/client/transport.ts words
    it: one fixed phrase a cause, never httpx's or the system's own message; the system's code
    (``ECONNREFUSED``…, by Node's names) kept as ``code``. A write (not GET or HEAD) whose
    connection closed after it was sent is an OutcomeUnknownError: the platform may have
    applied it."""
    cause, code = _network_cause(e)
    where = httpx.URL(url)
    path = where.raw_path.decode("ascii").split("?")[0]
    request = f"({method} {_origin(where)}{path}): {NETWORK_PHRASES[cause]}"
    if cause == "reset" and method not in _READS:
        message = f"{tool}: {OUTCOME_UNKNOWN} {request}"
        return OutcomeUnknownError(redact(message, tokens), code, tool)
    message = f"{tool}: cannot reach the platform {request}"
    return NetworkError(redact(message, tokens), code, tool)


OUTCOME_UNKNOWN = (
    "the request was sent; the platform did not answer — it may have been applied"
)
"""What an OutcomeUnknownError says, in both languages."""

_READS = frozenset({"GET", "HEAD"})
"""The methods that change nothing, whose lost answer leaves no doubt to report."""


NETWORK_PHRASES = {
    "refused": "the connection was refused",
    "dns": "the host name could not be resolved",
    "timeout": "the connection timed out",
    "reset": "the connection was closed before the platform answered",
    "tls": "the secure (TLS) connection could not be set up",
    "other": "the connection failed",
}
"""What the caller reads for each kind of failure, in both languages."""

_BY_CODE = {
    "ECONNREFUSED": "refused",
    "ETIMEDOUT": "timeout",
    "ECONNRESET": "reset",
    "EPIPE": "reset",
    "ECONNABORTED": "reset",
}

# getaddrinfo's failures, by the code Node gives them.
_DNS_CODES = {
    socket.EAI_NONAME: "ENOTFOUND",
    socket.EAI_AGAIN: "EAI_AGAIN",
    **({socket.EAI_NODATA: "ENOTFOUND"} if hasattr(socket, "EAI_NODATA") else {}),
}

# OpenSSL's certificate verification failures, by the code Node gives them.
_TLS_CODES = {
    10: "CERT_HAS_EXPIRED",
    18: "DEPTH_ZERO_SELF_SIGNED_CERT",
    19: "SELF_SIGNED_CERT_IN_CHAIN",
    20: "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    21: "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    62: "ERR_TLS_CERT_ALTNAME_INVALID",
}


def _network_cause(e: BaseException) -> tuple[str, str | None]:
    """The kind of failure and the system's code: from the first exception of the chain (causes,
    contexts and grouped exceptions, nearest first) that says, else from httpx's class."""
    chain = _chain(e)
    for c in chain:
        if isinstance(c, (ssl.SSLWantReadError, ssl.SSLWantWriteError)):
            continue
        if isinstance(c, ssl.SSLCertVerificationError):
            return "tls", _TLS_CODES.get(c.verify_code)
        if isinstance(c, ssl.SSLError):
            return "tls", None
        if isinstance(c, socket.gaierror):
            return "dns", _DNS_CODES.get(c.errno) if isinstance(c.errno, int) else None
        number = getattr(c, "errno", None)
        if isinstance(number, int) and number in errno.errorcode:
            code = errno.errorcode[number]
            return _BY_CODE.get(code, "other"), code
    for c in chain:
        if isinstance(c, (httpx.TimeoutException, TimeoutError)):
            return "timeout", None
        if isinstance(c, (httpx.RemoteProtocolError, httpx.ReadError)):
            return "reset", None
    return "other", None


def _chain(e: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    queue: list[BaseException | None] = [e]
    while queue:
        c = queue.pop(0)
        if c is None or any(c is s for s in seen):
            continue
        seen.append(c)
        queue += [c.__cause__, c.__context__]
        # An exception group (BaseExceptionGroup from 3.11, the backport's before) by its shape.
        grouped = getattr(c, "exceptions", None)
        if isinstance(grouped, (list, tuple)):
            queue += [g for g in grouped if isinstance(g, BaseException)]
    return seen


def _ms(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)
