"""A call that never got an answer, worded by toolgen: one fixed phrase a kind of cause, the
system's code kept (Node's names), as runtime/client/transport.ts words it
(tests/runtime/client/failures.test.ts holds the TypeScript side; the shared vectors
tests/vectors/client/network-*.json run both against real sockets)."""

from __future__ import annotations

import errno
import socket
import ssl

import httpx
import pytest
from conftest import ROOT
from toolgen_core.network_errors import NETWORK_PHRASES, network_error


def _wrapped(cause: BaseException, outer: type[httpx.TransportError]) -> BaseException:
    """``cause`` as httpx raises it: inside its own error, the cause chained."""
    try:
        try:
            raise cause
        except BaseException as inner:
            raise outer("httpx's own words") from inner
    except httpx.TransportError as e:
        return e


def _verify_failure(code: int) -> ssl.SSLCertVerificationError:
    e = ssl.SSLCertVerificationError(1, "certificate verify failed")
    e.verify_code = code
    return e


CASES = [
    (ConnectionRefusedError(errno.ECONNREFUSED, "x"), "refused", "ECONNREFUSED"),
    (socket.gaierror(socket.EAI_NONAME, "x"), "dns", "ENOTFOUND"),
    (socket.gaierror(socket.EAI_AGAIN, "x"), "dns", "EAI_AGAIN"),
    (TimeoutError(errno.ETIMEDOUT, "x"), "timeout", "ETIMEDOUT"),
    (ConnectionResetError(errno.ECONNRESET, "x"), "reset", "ECONNRESET"),
    (_verify_failure(18), "tls", "DEPTH_ZERO_SELF_SIGNED_CERT"),
    (ssl.SSLError(1, "wrong version number"), "tls", None),
    (OSError(errno.EHOSTUNREACH, "x"), "other", "EHOSTUNREACH"),
    (ValueError("no errno"), "other", None),
]


@pytest.mark.parametrize(("cause", "kind", "code"), CASES)
def test_a_cause_is_worded_by_its_kind_and_keeps_its_code(
    cause: BaseException, kind: str, code: str | None
) -> None:
    e = network_error(
        _wrapped(cause, httpx.ConnectError),
        "t",
        "GET",
        "http://127.0.0.1:1/a?token=tok",
        ["tok"],
    )
    assert str(e) == (
        f"t: cannot reach the platform (GET http://127.0.0.1:1/a): {NETWORK_PHRASES[kind]}"
    )
    assert e.code == code


def test_httpx_classes_alone_still_say_the_kind() -> None:
    for error, kind in [
        (httpx.ConnectTimeout("x"), "timeout"),
        (httpx.RemoteProtocolError("Server disconnected"), "reset"),
        (httpx.ConnectError("All connection attempts failed"), "other"),
    ]:
        e = network_error(error, "t", "GET", "http://h/", [])
        assert str(e).endswith(f"): {NETWORK_PHRASES[kind]}")


def test_the_phrases_are_the_typescript_clients() -> None:
    source = (ROOT / "runtime" / "client" / "transport.ts").read_text("utf-8")
    for phrase in NETWORK_PHRASES.values():
        assert f'"{phrase}"' in source
