"""One planned request sent and its answer read: a port of runtime/client/transport.ts and
body.ts, with the same redirect rules, size caps and messages."""

from __future__ import annotations

import json
import re
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
    PlatformError,
)
from .hooks import RequestInfo, ResponseInfo, call_hook, redact_headers, redact_url
from .network_errors import network_error, origin
from .redact import longest_token_form, redact, redact_value
from .request import PlannedRequest, check_target
from .tool_result import media_result

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
        raise network_error(e, x.tool, method, url, tokens) from None


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
    to = origin(following)
    if to != base.origin:
        raise ClientError(
            f"{x.tool}: the platform redirected to another origin ({to}); the client"
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


def _unique(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each header once, the last value set winning, as ``Headers.set`` does."""
    chosen: dict[str, tuple[str, str]] = {}
    for name, value in headers:
        chosen[name.lower()] = (name.lower(), value)
    return list(chosen.values())


async def _read(
    response: httpx.Response, limit: int, head: bool
) -> tuple[str, bytes, bool]:
    """At most ``limit`` bytes of the body as UTF-8 text and as bytes, and whether the body went
    on past it (the rest is not read). With ``head`` False, a body whose Content-Length is over the limit
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
    data = b"".join(chunks)
    text = data.decode("utf-8", "replace")
    return text.removeprefix("\ufeff"), data, cut


async def _answer(
    response: httpx.Response, tool: str, tokens: Sequence[str], max_bytes: int
) -> object:
    status = response.status_code
    ok = 200 <= status < 300
    limit = max_bytes if ok else min(max_bytes, ERROR_EXCERPT_BYTES)
    text, data, cut = await _read(response, limit, not ok)
    if ok and cut:
        raise ClientError(
            f"{tool}: the platform's answer (HTTP {status}) is larger than {max_bytes} bytes,"
            " the client's max_response_bytes; it was not read",
            tool,
        )
    media = media_result(response.headers.get("content-type"), data) if ok else None
    if media is not None:
        return media
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


def _ms(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)
