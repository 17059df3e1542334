"""Retries of idempotent calls: a port of runtime/client/retry.ts, with the same statuses,
defaults and Retry-After reading."""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from email.utils import parsedate_to_datetime

import anyio
import httpx

from .config import RetryPolicy
from .errors import (
    CallTimeoutError,
    ClientError,
    NetworkError,
    OutcomeUnknownError,
    PlatformError,
)
from .request import PlannedRequest
from .transport import Exchange, send

RETRY_STATUSES = frozenset({429, 502, 503, 504})
"""The statuses that say "try again later"."""
IDEMPOTENT_METHODS = frozenset({"GET", "PUT", "DELETE"})


async def _sleep(ms: float) -> None:
    await anyio.sleep(ms / 1000)


DEFAULT_RETRY = RetryPolicy(
    attempts=3,
    budget_ms=30_000,
    base_delay_ms=500,
    max_delay_ms=10_000,
    random=random.random,
    sleep=_sleep,
    now=lambda: time.time() * 1000,
)


def is_idempotent(declared: bool | None, method: str) -> bool:
    """Whether a call may be retried: as the tool declares, else as its HTTP method says."""
    return declared if declared is not None else method in IDEMPOTENT_METHODS


def resolve_retry(
    value: object, base: RetryPolicy | None, problems: list[str]
) -> RetryPolicy | None:
    """Checks a ``retry`` setting over ``base``: False turns retrying off, None (or True) keeps
    ``base``, a dict replaces the fields it gives."""
    if value is None or value is True:
        return base
    if value is False:
        return None
    if not isinstance(value, Mapping):
        problems.append("retry must be False or a dict of retry options")
        return base
    policy = base or DEFAULT_RETRY
    changes: dict[str, object] = {}
    rules: tuple[tuple[str, Callable[[float], bool], str], ...] = (
        (
            "attempts",
            lambda n: float(n).is_integer() and n >= 1,
            "a whole number of 1 or more",
        ),
        ("budget_ms", lambda n: n > 0, "a positive number of milliseconds"),
        ("base_delay_ms", lambda n: n >= 0, "a number of milliseconds, 0 or more"),
        ("max_delay_ms", lambda n: n >= 0, "a number of milliseconds, 0 or more"),
    )
    for name, fits, what in rules:
        v = value.get(name)
        if v is None:
            continue
        if (
            isinstance(v, bool)
            or not isinstance(v, (int, float))
            or not math.isfinite(v)
            or not fits(v)
        ):
            problems.append(f"retry.{name} must be {what}")
        else:
            changes[name] = int(v) if name == "attempts" else v
    for name in ("random", "sleep", "now"):
        v = value.get(name)
        if v is None:
            continue
        if not callable(v):
            problems.append(f"retry.{name} must be a function")
        else:
            changes[name] = v
    return replace(policy, **changes)  # type: ignore[arg-type]


async def send_with_retries(
    http: httpx.AsyncClient,
    plan: PlannedRequest,
    x: Exchange,
    idempotent: bool,
    retry: object = None,
) -> object:
    """Sends a planned request, trying it again while the call is idempotent (or carries an
    idempotency key), the platform answers one of RETRY_STATUSES or nothing at all (a network
    error, a timeout, a connection closed before the answer), tries are left and the wait fits
    in the budget. The wait is the answer's Retry-After (seconds or an HTTP-date), else an
    exponential backoff with jitter; a Retry-After that ends past the budget ends retrying with
    the platform's error. A retry's time limit is cut to what is left of the budget."""
    problems: list[str] = []
    policy = resolve_retry(retry, x.config.retry, problems)
    if problems:
        raise ClientError(f"{x.tool}: {'; '.join(problems)}", x.tool)
    retrying = policy if idempotent else None
    started = retrying.now() if retrying else 0.0
    exchange = x
    attempt = 1
    while True:
        try:
            return await send(http, plan, exchange)
        except ClientError as e:
            if retrying is None or not is_retryable(e) or attempt >= retrying.attempts:
                raise
            given = e.retry_after if isinstance(e, PlatformError) else None
            wait = retry_after_ms(given, retrying.now())
            if wait is None:
                wait = backoff(retrying, attempt)
            if retrying.now() - started + wait >= retrying.budget_ms:
                raise
            await retrying.sleep(wait)
            left = retrying.budget_ms - (retrying.now() - started)
            if left <= 0:
                raise
            attempt += 1
            exchange = replace(x, timeout_ms=min(x.timeout_ms, left), attempt=attempt)


def is_retryable(e: BaseException) -> bool:
    """An answer that says "try again later", or no answer at all: never a 500 nor a 4xx."""
    if isinstance(e, PlatformError):
        return e.status in RETRY_STATUSES
    return isinstance(e, (NetworkError, OutcomeUnknownError, CallTimeoutError))


def retry_after_ms(value: str | None, now: float) -> float | None:
    """The wait a Retry-After asks for, in milliseconds: a number of seconds, or an HTTP-date
    (0 once past). None when there is none or it cannot be read."""
    if value is None:
        return None
    text = value.strip()
    if re.fullmatch(r"[0-9]+", text, re.ASCII):
        return int(text) * 1000
    # An HTTP-date names its weekday or month: a bare number with a sign or a point is no date.
    if not re.search(r"[A-Za-z]", text):
        return None
    try:
        at = float(parsedate_to_datetime(text).timestamp()) * 1000
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, at - now)


def backoff(policy: RetryPolicy, retry: int) -> float:
    """Between half and all of base_delay_ms × 2^(retry − 1), at most max_delay_ms."""
    cap = min(policy.max_delay_ms, policy.base_delay_ms * 2.0 ** (retry - 1))
    try:
        r = float(policy.random())
    except (TypeError, ValueError):
        r = 0.0
    r = min(1.0, max(0.0, r if not math.isnan(r) else 0.0))
    return cap / 2 + (cap / 2) * r
