"""CORS on the Python bin's Streamable HTTP, answered as the TypeScript bin answers it: the
same requests (preflights and POSTs, from a listed origin, an unlisted localhost page and a
foreign origin) sent to both bins over real HTTP on 127.0.0.1, their statuses and CORS
headers compared. The browser itself is the TypeScript suite's (browser.e2e.test.ts)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator

import httpx
import pytest
from mcp_helpers import ROOT, python_command, python_env, ts_command

PAGE = "http://127.0.0.1:5173"
ARGS = ("--http", "127.0.0.1:0", "--allow-origin", PAGE)
CORS = (
    "access-control-allow-origin",
    "access-control-allow-methods",
    "access-control-allow-headers",
    "access-control-expose-headers",
    "access-control-max-age",
    "vary",
    "allow",
)
PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'


def _start(command: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=python_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    line = process.stderr.readline().decode()
    match = re.search(r"serving MCP at (\S+)", line)
    assert match, line
    return process, match.group(1)


@pytest.fixture(scope="module")
def urls() -> Iterator[tuple[str, str]]:
    python, python_url = _start(python_command(*ARGS))
    ts, ts_url = _start(ts_command(*ARGS))
    yield python_url, ts_url
    for process in (python, ts):
        process.terminate()
        process.wait(timeout=30)


def _answer(
    url: str, method: str, headers: dict[str, str]
) -> tuple[int, dict[str, str]]:
    body = PING if method == "POST" else None
    response = httpx.request(
        method,
        url,
        content=body,
        headers={
            "content-type": "application/json",
            "accept": "application/json, text/event-stream",
            **headers,
        },
    )
    return response.status_code, {
        k: response.headers[k] for k in CORS if k in response.headers
    }


PREFLIGHT = {"access-control-request-method": "POST"}


@pytest.mark.parametrize(
    ("method", "headers"),
    [
        ("OPTIONS", {"origin": PAGE, **PREFLIGHT}),
        ("OPTIONS", {"origin": "http://localhost:5173", **PREFLIGHT}),
        ("OPTIONS", {"origin": "https://evil.example", **PREFLIGHT}),
        ("OPTIONS", {}),
        ("POST", {"origin": PAGE}),
        ("POST", {"origin": "http://localhost:5173"}),
        ("POST", {"origin": "https://evil.example"}),
        ("POST", {}),
        ("GET", {"origin": PAGE}),
    ],
)
def test_cors_answered_as_the_typescript_bin(
    urls: tuple[str, str], method: str, headers: dict[str, str]
) -> None:
    python_url, ts_url = urls
    assert _answer(python_url, method, headers) == _answer(ts_url, method, headers)


def test_a_listed_page_is_told_what_it_may_send(urls: tuple[str, str]) -> None:
    status, headers = _answer(urls[0], "OPTIONS", {"origin": PAGE, **PREFLIGHT})
    assert status == 204
    assert headers["access-control-allow-origin"] == PAGE
    assert "mcp-session-id" in headers["access-control-allow-headers"]
    status, headers = _answer(urls[0], "POST", {"origin": PAGE})
    assert status == 200
    assert headers["access-control-allow-origin"] == PAGE
    assert "mcp-session-id" in headers["access-control-expose-headers"]


CALL = b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"make_coffee"}}'


def _call(url: str, headers: dict[str, str]) -> tuple[int, str, dict[str, str], str]:
    """A tools/call's status, media type, CORS headers and JSON-RPC messages."""
    response = httpx.post(
        url, content=CALL, headers={"content-type": "application/json", **headers}
    )
    kind = response.headers.get("content-type", "").split(";")[0]
    text = response.text
    if kind == "text/event-stream":
        text = "\n".join(x for x in text.splitlines() if x.startswith("data:"))
    cors = {k: response.headers[k] for k in CORS if k in response.headers}
    return response.status_code, kind, cors, text


@pytest.mark.parametrize(
    ("accept", "kind"),
    [
        ("application/json, text/event-stream", "text/event-stream"),
        ("application/json", "application/json"),
    ],
)
@pytest.mark.parametrize("origin", [PAGE, "http://localhost:5173", None])
def test_a_tool_call_is_answered_as_the_typescript_bin(
    urls: tuple[str, str], accept: str, kind: str, origin: str | None
) -> None:
    # A client that accepts SSE gets the call as a stream, with the same CORS headers as JSON.
    headers = {"accept": accept, **({} if origin is None else {"origin": origin})}
    python = _call(urls[0], headers)
    assert python == _call(urls[1], headers)
    assert python[:2] == (200, kind)
    if origin == PAGE:
        assert python[2]["access-control-allow-origin"] == PAGE
