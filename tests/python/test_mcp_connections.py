"""The HTTP bins' cap on open connections and their idle timeout, over real sockets on
127.0.0.1: both bins (Python and TypeScript) as processes, idle and half-open connections
opened by hand, and real requests that must still be served."""

from __future__ import annotations

import re
import socket
import subprocess
import time
from collections.abc import Iterator

import httpx
import pytest
from mcp_helpers import ROOT, python_command, python_env, ts_command
from toolgen_core.mcp_listen import IDLE_TIMEOUT

CAP = 4
WAIT = 30.0  # a generous guard against a hang, not a measure of speed
PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
HEADERS = {
    "content-type": "application/json",
    "accept": "application/json, text/event-stream",
}


@pytest.fixture(params=["python", "typescript"])
def bin_port(request: pytest.FixtureRequest) -> Iterator[int]:
    command = python_command if request.param == "python" else ts_command
    process = subprocess.Popen(
        command("--http", "127.0.0.1:0", "--max-connections", str(CAP)),
        cwd=ROOT,
        env=python_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    match = re.search(r"serving MCP at http://127\.0\.0\.1:(\d+)/mcp", line)
    assert match, line
    yield int(match.group(1))
    process.terminate()
    process.wait(timeout=WAIT)


def _connect(port: int, send: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    if send:
        sock.sendall(send)
    return sock


def _closed(sock: socket.socket) -> bool:
    """Whether the server closed the connection (waits for it, up to WAIT)."""
    sock.settimeout(WAIT)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def _open(sock: socket.socket) -> bool:
    """Whether the connection is still open, nothing to read on it now."""
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except ConnectionResetError:
        return False


def _ping(port: int) -> int:
    response = httpx.post(
        f"http://127.0.0.1:{port}/mcp", content=PING, headers=HEADERS, timeout=WAIT
    )
    assert response.json() == {"jsonrpc": "2.0", "id": 1, "result": {}}
    return response.status_code


def test_idle_and_half_open_connections_make_room_for_a_request(bin_port: int) -> None:
    # Twice the cap: connections that send nothing, and some that send half their headers.
    idle = [_connect(bin_port) for _ in range(CAP)]
    half = [
        _connect(bin_port, b"POST /mcp HTTP/1.1\r\nHost: x\r\n") for _ in range(CAP)
    ]
    assert _ping(bin_port) == 200
    # The oldest were closed to keep the cap: every idle one, and the first half-open one.
    assert all(_closed(s) for s in [*idle, half[0]])
    assert all(_open(s) for s in half[1:])
    for sock in [*idle, *half]:
        sock.close()


def test_a_request_in_flight_keeps_its_connection(bin_port: int) -> None:
    head = (
        b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\n"
        b"Content-Length: %d\r\n\r\n" % len(PING)
    )
    busy = _connect(bin_port, head + PING[:10])
    _ping(bin_port)  # the server has read the busy request's headers by now
    others = [_connect(bin_port) for _ in range(CAP * 2)]
    assert _ping(bin_port) == 200
    busy.sendall(PING[10:])
    busy.settimeout(WAIT)
    answer = b""
    while b'"result"' not in answer:
        chunk = busy.recv(4096)
        assert chunk, answer
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 200")
    for sock in [busy, *others]:
        sock.close()


def test_a_connection_that_never_sends_its_headers_is_closed(bin_port: int) -> None:
    slow = _connect(bin_port, b"POST /mcp HTTP/1.1\r\n")
    started = time.monotonic()
    assert _closed(slow)
    assert time.monotonic() - started >= IDLE_TIMEOUT - 1
    slow.close()
    assert _ping(bin_port) == 200
