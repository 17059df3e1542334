"""A real HTTP server on 127.0.0.1 that plays the platform for the tests: it records every
request and answers each with the reply the test set (status and JSON body; no body when left
out). The Python twin of tests/helpers/platform-server.ts, reduced to what these tests use."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Seen:
    """One request as the platform received it."""

    method: str
    path: str
    """The path as sent, still encoded, without the query."""
    query: str
    headers: dict[str, str]
    body: object
    """Parsed JSON, the text when not JSON, None when empty."""


@dataclass
class Platform:
    url: str
    requests: list[Seen] = field(default_factory=list)
    status: int = 404
    body: object = None
    has_body: bool = True

    def reply(self, status: int, body: object = None, *, has_body: bool = True) -> None:
        self.status, self.body, self.has_body = status, body, has_body

    def reset(self) -> None:
        self.requests.clear()
        self.reply(404, {"error": "no reply set"})


def _handler(platform: Platform) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # Keep-alive, as a real platform: a client reuses its connections.
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode("utf-8") if length else ""
            try:
                body: object = json.loads(raw) if raw else None
            except ValueError:
                body = raw
            parts = urlsplit(self.path)
            platform.requests.append(
                Seen(
                    self.command,
                    parts.path,
                    parts.query,
                    {k.lower(): v for k, v in self.headers.items()},
                    body,
                )
            )
            data = json.dumps(platform.body).encode() if platform.has_body else b""
            self.send_response(platform.status)
            if data:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@contextmanager
def running_platform() -> Iterator[Platform]:
    """The platform, serving until the block ends."""
    platform = Platform(url="")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(platform))
    platform.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield platform
    finally:
        server.shutdown()
        server.server_close()
