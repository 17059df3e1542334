"""The shared hook vectors (tests/vectors/hooks/*.json): what the Python client's ``on_request``
and ``on_response`` are given, over a real HTTP server on 127.0.0.1;
tests/vectors/hooks.test.ts replays the same files against the TypeScript client's hooks."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import asdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from conftest import ROOT
from toolgen_core.client import Client
from toolgen_core.data import SpecData
from toolgen_core.hooks import RequestInfo, ResponseInfo

VECTORS = sorted((ROOT / "tests" / "vectors" / "hooks").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(path.read_text("utf-8"))["cases"]
]


class Platform:
    """Answers each request with the next of ``queue``; counts what reached it."""

    def __init__(self) -> None:
        self.queue: list[dict[str, Any]] = []
        self.sent = 0
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                if length:
                    self.rfile.read(length)
                platform.sent += 1
                answer = (
                    platform.queue.pop(0)
                    if platform.queue
                    else {"status": 599, "headers": {}, "body": "unexpected request"}
                )
                data = answer["body"].encode("utf-8")
                self.send_response(answer["status"])
                echoed = self.headers.get("authorization") or ""
                for name, value in answer["headers"].items():
                    self.send_header(name, value.replace("{authorization}", echoed))
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _any

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    p = Platform()
    yield p
    p.server.shutdown()
    p.server.server_close()


@pytest.mark.anyio
@pytest.mark.parametrize("case", CASES)
async def test_hook_vector(
    case: dict[str, Any], platform: Platform, reference_spec: SpecData
) -> None:
    platform.queue = list(case["answers"])
    platform.sent = 0
    events: list[dict[str, object]] = []

    def raise_(info: object) -> None:
        raise RuntimeError(case["error"]["message"])

    def on_request(info: RequestInfo) -> None:
        events.append(
            {"hook": "request", **asdict(info), "headers": dict(info.headers)}
        )

    async def on_response(info: ResponseInfo) -> None:
        shown = asdict(info)
        assert shown.pop("duration_ms") >= 0
        kept = {k: v for k, v in info.headers.items() if k in case["responseHeaders"]}
        events.append({"hook": "response", **shown, "headers": kept})

    hooks: dict[str, Any] = (
        {"on_request": raise_}
        if case.get("hookRaises") == "request"
        else {"on_response": raise_}
        if case.get("hookRaises") == "response"
        else {"on_request": on_request, "on_response": on_response}
    )
    config: Any = {
        "base_url": platform.origin,
        **case["config"],
        "retry": {"base_delay_ms": 0},
        "hooks": hooks,
    }
    error: dict[str, str] | None = None
    async with Client(reference_spec["client"], config) as client:
        try:
            await client.call(case["tool"], case["arguments"])
        except Exception as e:
            error = {"message": str(e)}
    assert error == case.get("error")
    expected = json.loads(
        json.dumps(case["events"]).replace("{server}", platform.origin)
    )
    assert events == expected
    assert platform.sent == case["sent"]
