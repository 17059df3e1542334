"""MCP over stdio, one JSON-RPC message a line, that answers what it cannot read instead of
dropping it: a port of runtime/mcp/stdio-lines.ts. Needs the ``[mcp]`` extra.

Each line is read by ``read_message`` (mcp_jsonrpc.py), as the HTTP app reads a POST: a line that
is not JSON gets a -32700 reply, a batch or JSON that is no JSON-RPC message a -32600, and a line
longer than ``MAX_LINE_BYTES`` a -32600 too, as soon as it passes the limit; the rest of that
line is skipped unread, and the server goes on serving. The SDK's ``stdio_server`` writes every
answer (and keeps stray prints off stdout); it reads only the lines that passed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import suppress
from typing import IO, Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from .mcp_jsonrpc import INVALID_REQUEST, is_blank, read_message, refusal

__all__ = ["MAX_LINE_BYTES", "serve_stdio"]

MAX_LINE_BYTES = 10 * 1024 * 1024
"""The longest line read from stdin, in bytes; a longer one is answered with an error and
skipped."""


async def serve_stdio(server: Server, stdin: IO[bytes] | None = None) -> None:
    """Serves on stdin (or ``stdin``, a binary file) and stdout until stdin ends."""
    source, restore = (stdin, None) if stdin is not None else _claim_stdin()
    lines = _Lines(source)
    try:
        async with stdio_server(stdin=lines) as (read_stream, write_stream):  # type: ignore[arg-type]
            lines.answer_to(write_stream)
            await server.run(
                read_stream, write_stream, server.create_initialization_options()
            )
    finally:
        if restore is not None:
            restore()


def _claim_stdin() -> tuple[IO[bytes], Callable[[], None] | None]:
    """stdin for the protocol alone, as the SDK's stdio_server keeps it: read from a private
    copy of fd 0 while fd 0 reads the null device, so that a handler or a child process reading
    stdin takes no byte of a message. stdin as it is when that cannot be done."""
    try:
        if sys.stdin.buffer.fileno() != 0:
            return sys.stdin.buffer, None
        private = os.dup(0)
        null = os.open(os.devnull, os.O_RDONLY)
    except (AttributeError, OSError, ValueError):
        return sys.stdin.buffer, None
    try:
        os.dup2(null, 0)
    except OSError:
        os.close(private)
        return sys.stdin.buffer, None
    finally:
        os.close(null)

    def restore() -> None:
        with suppress(OSError):
            os.dup2(private, 0)

    # Never closed: a reading thread may still be blocked on it when serving ends.
    return os.fdopen(private, "rb", closefd=False), restore


class _Lines:
    """The messages of stdin's lines as the SDK's reader takes them, one JSON text each; the
    lines that are none are answered on the SDK's writer."""

    def __init__(self, source: IO[bytes], limit: int = MAX_LINE_BYTES) -> None:
        self._source = source
        self._limit = limit
        self._writer: Any = None
        self._ready = anyio.Event()

    def answer_to(self, writer: Any) -> None:
        self._writer = writer
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[str]:
        while True:
            line = await self._line()
            if line is None:
                return
            if is_blank(line):
                continue
            read = read_message(line)
            if read.refusal is not None:
                await self._answer(read.refusal)
                continue
            try:
                # The SDK's own reader has the last word; what it refuses is -32600 too.
                types.jsonrpc_message_adapter.validate_python(
                    read.message, by_name=False
                )
            except ValueError:
                message = read.message or {}
                await self._answer(
                    refusal(
                        message.get("id"),
                        INVALID_REQUEST,
                        "Invalid Request: not a JSON-RPC 2.0 message",
                    )
                )
                continue
            yield json.dumps(read.message)

    async def _line(self) -> str | None:
        """The next whole line (without its line break), or None at the end of stdin; a line
        over the limit is answered as it passes it, and skipped to its end. A last line without
        a line break is left unread, as the TypeScript server leaves it."""
        while True:
            chunk = await self._read()
            if not chunk.endswith(b"\n"):
                if len(chunk) <= self._limit:
                    return None
                await self._answer(
                    refusal(
                        None,
                        INVALID_REQUEST,
                        f"Invalid Request: the line is longer than {self._limit} bytes, "
                        "the most this server reads; it was skipped",
                    )
                )
                while not chunk.endswith(b"\n"):
                    chunk = await self._read()
                    if chunk == b"":
                        return None
                continue
            return chunk[:-1].decode("utf-8", "replace").removesuffix("\r")

    async def _read(self) -> bytes:
        return await anyio.to_thread.run_sync(self._source.readline, self._limit + 1)

    async def _answer(self, answer: dict[str, Any]) -> None:
        await self._ready.wait()
        message = types.JSONRPCError.model_validate(answer)
        await self._writer.send(SessionMessage(message))
