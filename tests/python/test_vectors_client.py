"""The shared client vectors (tests/vectors/client/*.json), replayed against the Python client
over a real HTTP server on 127.0.0.1; tests/vectors/client.test.ts replays the same files
against the generated TypeScript client."""

from __future__ import annotations

import copy
import json
import re
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
                if answer.get("drop"):
                    # Closed once the request has been read, without an answer.
                    self.close_connection = True
                    return
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


_UUID4 = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
)


def _match_header(
    name: str, got: str | None, want: str, labels: dict[str, str]
) -> None:
    """A header the vector expects as ``{uuid:<label>}``: a random UUID (version 4), the same
    wherever the label is, another for each label."""
    label = re.fullmatch(r"\{uuid:(\w+)\}", want)
    if label is None:
        assert (name, got) == (name, want)
        return
    assert got is not None and _UUID4.fullmatch(got), (name, got)
    before = labels.get(label[1])
    if before is None:
        assert got not in labels.values()
        labels[label[1]] = got
    else:
        assert got == before


def _client_data(spec: SpecData, v: dict[str, Any], fill: Any) -> Any:
    """The reference spec's client data with the vector's binding and settings changes
    (``binding``, ``client_env``: an API without workspaces)."""
    data = copy.deepcopy(spec["client"])
    for tool in data["tools"]:
        if tool["name"] == v["tool"] and tool["http"] is not None:
            tool["http"].update(v.get("binding", {}))
    if "client_env" in v:
        data["env"] = json.loads(fill(json.dumps(v["client_env"])))
    return data


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
            _client_data(reference_spec, v, fill), env, reference_spec["patterns"]
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
    labels: dict[str, str] = {}
    for got, exchange in zip(platform.seen, v["exchanges"]):
        want = exchange["request"]
        target, _, query = got["url"].partition("?")
        assert (got["method"], target, query) == (
            want["method"],
            want["path"],
            want["query"],
        )
        for name, value in want["headers"].items():
            _match_header(name, got["headers"].get(name), value, labels)
        if "content-type" not in want["headers"]:
            assert "content-type" not in got["headers"]
        assert (json.loads(got["body"]) if got["body"] else None) == want["body"]
