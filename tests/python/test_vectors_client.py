"""The shared client vectors (tests/vectors/client/*.json), replayed against the Python client
over a real HTTP server on 127.0.0.1; tests/vectors/client.test.ts replays the same files
against the generated TypeScript client."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from conftest import ROOT
from toolgen_core.client import client_from_env
from toolgen_core.data import SpecData
from toolgen_core.errors import CallTimeoutError, ClientError

VECTORS = sorted((ROOT / "tests" / "vectors" / "client").glob("*.json"))
# The TypeScript class names the vectors use, where Python's differ.
CLASS_NAMES = {CallTimeoutError.__name__: "TimeoutError"}


class Platform:
    def __init__(self) -> None:
        self.queue: list[dict[str, Any]] = []
        self.seen: list[dict[str, Any]] = []
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length).decode("utf-8") if length else ""
                platform.seen.append(
                    {
                        "method": self.command,
                        "url": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                answer = (
                    platform.queue.pop(0)
                    if platform.queue
                    else {"status": 599, "headers": {}, "body": "unexpected request"}
                )
                data = answer["body"].encode("utf-8")
                self.send_response(answer["status"])
                for name, value in answer["headers"].items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _any

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    p = Platform()
    yield p
    p.server.shutdown()
    p.server.server_close()


@pytest.fixture(scope="module")
def closed() -> str:
    """``{closed}``: a port on 127.0.0.1 nothing listens on (bound, then closed)."""
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def closing() -> Iterator[str]:
    """``{closing}``: a server that closes each connection once the request arrives, without
    answering."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)

    threading.Thread(target=serve, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


def test_there_are_many_vectors() -> None:
    assert len(VECTORS) >= 40


@pytest.mark.anyio
@pytest.mark.parametrize("path", VECTORS, ids=[p.name for p in VECTORS])
async def test_vector(
    path: Any, platform: Platform, closed: str, closing: str, reference_spec: SpecData
) -> None:
    v = json.loads(path.read_text("utf-8"))
    platform.queue = [x["response"] for x in v["exchanges"]]
    platform.seen = []

    def fill(text: str) -> str:
        return (
            text.replace("{server}", platform.origin)
            .replace("{closed}", closed)
            .replace("{closing}", closing)
        )

    env = {k: fill(x) for k, x in v["env"].items()}
    outcome: dict[str, Any]
    try:
        async with client_from_env(
            reference_spec["client"], env, reference_spec["patterns"]
        ) as client:
            outcome = {"value": await client.call(v["tool"], v["arguments"])}
    except ClientError as e:
        name = type(e).__name__
        error: dict[str, Any] = {
            "class": CLASS_NAMES.get(name, name),
            "message": str(e),
        }
        for key in ("status", "body", "problems", "code"):
            if key in v["result"].get("error", {}):
                value = getattr(e, key)
                error[key] = list(value) if isinstance(value, tuple) else value
        outcome = {"error": error}
    expected = v["result"]
    if "error" in expected:
        expected = {
            "error": {
                **expected["error"],
                "message": fill(expected["error"]["message"]),
            }
        }
    assert outcome == expected
    assert len(platform.seen) == len(v["exchanges"])
    for got, exchange in zip(platform.seen, v["exchanges"]):
        want = exchange["request"]
        target, _, query = got["url"].partition("?")
        assert (got["method"], target, query) == (
            want["method"],
            want["path"],
            want["query"],
        )
        for name, value in want["headers"].items():
            assert (name, got["headers"].get(name)) == (name, value)
        if "content-type" not in want["headers"]:
            assert "content-type" not in got["headers"]
        assert (json.loads(got["body"]) if got["body"] else None) == want["body"]
