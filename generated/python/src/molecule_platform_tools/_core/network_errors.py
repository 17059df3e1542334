"""A call that got no answer, said in toolgen's words: the kind of failure and the system's code
read from the exception chain, as runtime/client/transport.ts reads them from Node's errors."""

from __future__ import annotations

import errno
import socket
import ssl
from collections.abc import Sequence

import httpx

from .errors import NetworkError, OutcomeUnknownError
from .redact import redact

__all__ = ["NETWORK_PHRASES", "OUTCOME_UNKNOWN", "network_error", "origin"]


def origin(url: httpx.URL) -> str:
    """``scheme://host[:port]`` of a URL, an IPv6 host in brackets."""
    host = f"[{url.host}]" if ":" in url.host else url.host
    port = f":{url.port}" if url.port is not None else ""
    return f"{url.scheme}://{host}{port}"


def network_error(
    e: BaseException, tool: str, method: str, url: str, tokens: Sequence[str]
) -> NetworkError | OutcomeUnknownError:
    """A call that never got an answer, worded by toolgen as runtime/client/transport.ts words
    it: one fixed phrase a cause, never httpx's or the system's own message; the system's code
    (``ECONNREFUSED``…, by Node's names) kept as ``code``. A write (not GET or HEAD) whose
    connection closed after it was sent is an OutcomeUnknownError: the platform may have
    applied it. The URL is shown without its query."""
    cause, code = _network_cause(e)
    where = httpx.URL(url)
    path = where.raw_path.decode("ascii").split("?")[0]
    request = f"({method} {origin(where)}{path}): {NETWORK_PHRASES[cause]}"
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
