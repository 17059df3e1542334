"""The shared wire vectors (tests/vectors/mcp-wire/*.json): raw JSON-RPC texts sent to the
Python bin as a real process, each as one stdio line and as one HTTP POST on 127.0.0.1, both
answered as the vector says; tests/runtime/mcp/wire-vectors.e2e.test.ts sends the same texts
to the TypeScript bin."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp_helpers import ROOT, python_command, python_env
from toolgen_core.mcp_stdio import MAX_LINE_BYTES

VECTORS = sorted((ROOT / "tests" / "vectors" / "mcp-wire").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(Path(path).read_text("utf-8"))["cases"]
]
WAIT = 30.0  # a generous guard against a hang, not a measure of speed


class StdioBin:
    """The bin over stdio, initialized; ``answers(raw)`` sends one line and returns the lines
    that answered it: all those before the answer to a ping sent after it."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            python_command(),
            cwd=ROOT,
            env=python_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.sentinel = 0
        init = {
            "jsonrpc": "2.0",
            "id": "init",
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "wire", "version": "0"},
            },
        }
        self.send(json.dumps(init).encode())
        self.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        assert len(self.answers(b"")) == 1  # the answer to initialize

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def send(self, raw: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def answers(self, raw: bytes, awaited: object = None) -> list[Any]:
        """The lines before the sentinel's answer, and the answer to ``awaited`` (``raw``'s
        own id) when it comes later: a tools/call is answered after the call, which the ping
        does not wait for."""
        self.sentinel += 1
        sentinel = f"sentinel-{self.sentinel}"
        self.send(raw)
        self.send(
            json.dumps({"jsonrpc": "2.0", "id": sentinel, "method": "ping"}).encode()
        )
        before: list[Any] = []
        pinged = False
        while not pinged or (
            awaited is not None and not any(a.get("id") == awaited for a in before)
        ):
            answer = json.loads(self.lines.get(timeout=WAIT))
            if answer.get("id") == sentinel:
                pinged = True
            else:
                before.append(answer)
        return before

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=WAIT)


@pytest.fixture(scope="module")
def stdio_bin() -> Iterator[StdioBin]:
    server = StdioBin()
    yield server
    server.close()


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    process = subprocess.Popen(
        python_command("--http", "0"),
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
    yield match.group(1)
    process.terminate()
    process.wait(timeout=WAIT)


@pytest.mark.parametrize("case", CASES)
def test_stdio_answers_as_the_vector_says(
    case: dict[str, Any], stdio_bin: StdioBin
) -> None:
    expected = [] if case["answer"] is None else [case["answer"]]
    awaited = case["answer"].get("id") if case["answer"] is not None else None
    assert stdio_bin.answers(case["raw"].encode(), awaited) == expected


@pytest.mark.parametrize("case", CASES)
def test_http_answers_as_the_vector_says(case: dict[str, Any], http_url: str) -> None:
    response = httpx.post(
        http_url,
        content=case["raw"].encode(),
        headers={
            "content-type": "application/json",
            "accept": "application/json, text/event-stream",
        },
        timeout=WAIT,
    )
    stream = case.get("stream", False)
    if response.content:
        assert response.headers["content-type"].split(";")[0] == (
            "text/event-stream" if stream else "application/json"
        )
    # An SSE stream's messages (none but the answer here), or the one JSON answer.
    body: Any = (
        [
            json.loads(line[5:])
            for line in response.text.splitlines()
            if line.startswith("data:")
        ]
        if stream
        else response.json()
        if response.content
        else None
    )
    expected = [case["answer"]] if stream else case["answer"]
    assert (response.status_code, body) == (case["status"], expected)


def test_a_line_over_the_limit_is_refused_skipped_and_the_bin_goes_on() -> None:
    server = StdioBin()
    huge = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "ping",
            "params": {"pad": "x" * MAX_LINE_BYTES},
        }
    ).encode()
    refused = server.answers(huge)
    assert refused == [
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {
                "code": -32600,
                "message": f"Invalid Request: the line is longer than {MAX_LINE_BYTES} "
                "bytes, the most this server reads; it was skipped",
            },
        }
    ]
    assert server.answers(b'{"jsonrpc":"2.0","id":4,"method":"ping"}') == [
        {"jsonrpc": "2.0", "id": 4, "result": {}}
    ]
    assert server.close() == 0


def test_the_vectors_are_there() -> None:
    assert len(CASES) >= 30
