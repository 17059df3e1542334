"""A fake platform for the CLI's tests: a real HTTP server on 127.0.0.1, in a thread, that
records every request and answers each with the one reply it was given (else a 404)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit


@dataclass
class Seen:
    method: str
    path: str
    query: list[tuple[str, str]]
    headers: dict[str, str]
    body: object


@dataclass
class Platform:
    url: str
    requests: list[Seen] = field(default_factory=list)
    reply: dict[str, object] | None = None

    def reset(self, reply: dict[str, object] | None) -> None:
        self.requests.clear()
        self.reply = reply


@contextmanager
def platform_server() -> Iterator[Platform]:
    """Starts the server; ``reply`` is ``{"status", "headers", "body"}`` with the body as text,
    or ``{"drop": true}``: the connection closed once the request is read, without an answer."""
    state = Platform(url="")

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            text = self.rfile.read(length).decode("utf-8") if length else ""
            split = urlsplit(self.path)
            state.requests.append(
                Seen(
                    method=self.command,
                    path=split.path,
                    query=parse_qsl(split.query, keep_blank_values=True),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=json.loads(text) if text else None,
                )
            )
            reply = state.reply or {
                "status": 404,
                "headers": {"content-type": "application/json"},
                "body": json.dumps({"error": f"no route {self.command} {split.path}"}),
            }
            if reply.get("drop"):
                # Closed once the request has been read, without an answer.
                self.close_connection = True
                return
            body = str(reply["body"]).encode("utf-8")
            self.send_response(int(str(reply["status"])))
            headers = reply["headers"]
            assert isinstance(headers, dict)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
