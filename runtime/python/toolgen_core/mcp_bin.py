"""``python -m <module>.mcp``: the MCP server on stdin and stdout, or with ``--http`` over
Streamable HTTP. A port of runtime/mcp/args.ts, stdio.ts, http-bin.ts and runtime-package.ts:
the same arguments, messages and exit codes as the TypeScript bin. Needs the ``[mcp]`` extra.
"""

from __future__ import annotations

import re
import socket
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import anyio

from .data import SpecData
from .env import tokens_in_env
from .extras import MissingRuntimeError, import_runtime, missing_extra
from .handler import LocalHandler, ToolCaller
from .mcp_answers import unhandled_local_tools
from .mcp_args import PATH, BinArgs, js, parse_bin_args, usage
from .mcp_listen import capped_protocol, is_loopback_address, listen
from .mcp_table import ToolTable, load_table
from .printable import printable
from .redact import redact

__all__ = ["BinArgs", "main", "parse_bin_args", "usage"]


@dataclass
class _Runtime:
    handlers: Mapping[str, LocalHandler]
    start: Callable[[], Awaitable[object]] | None
    stop: Callable[[], Awaitable[object]] | None


def main(
    spec: SpecData,
    *,
    argv: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    instructions: str | None = None,
    runtime: str | None = None,
    package: str | None = None,
    create_client: Callable[[Mapping[str, str]], ToolCaller] | None = None,
    table: ToolTable | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """The bin's whole life: serves on stdin/stdout (or over HTTP with ``--http``) until the
    client goes (stdin ends) or, over HTTP, until SIGINT or SIGTERM, and returns 0; or returns 2
    after one line on stderr. ``argv`` and ``env`` default to the process's; ``instructions`` is
    the package's MCP prompt; ``runtime`` the module path of ``targets.python.runtime``, whose
    ``create_runtime(client, env)`` gives the local tools' handlers; ``package`` the
    distribution's name, for the message when that module is missing; ``create_client``
    builds the platform client from the environment (by default the package's
    ``client_from_env``)."""
    import os

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    environ: Mapping[str, str] = dict(os.environ) if env is None else env
    table = table or load_table(spec, instructions=instructions)
    program = table.server.bin
    args = parse_bin_args(argv)
    if isinstance(args, str):
        # A token typed as an argument by mistake is quoted back: never print it.
        token_env = table.server.http_token_env
        extra = () if token_env is None else (token_env,)
        tokens = tokens_in_env(environ, table.server.environment, extra)
        err.write(redact(f"{program}: {args} (see {program} --help)\n", tokens))
        return 2
    if args.mode == "help":
        out.write(usage(table.server))
        return 0
    missing = missing_extra(package or "this package", "mcp")
    if missing is not None:
        err.write(f"{program}: {missing}\n")
        return 2
    loaded: Any = None
    if runtime is not None:
        try:
            loaded = import_runtime(package or "this package", runtime)
        except MissingRuntimeError as error:
            err.write(f"{program}: {error}\n")
            return 2
    try:
        client = _platform_client(
            create_client or _default_client(spec), environ, table
        )
        local = (
            None if loaded is None else _runtime(loaded.create_runtime(client, environ))
        )
    except Exception as error:  # noqa: BLE001 - a wrong environment, said in one line
        err.write(f"{program}: {_one_line(str(error) or type(error).__name__)}\n")
        return 2
    handlers = (
        local.handlers if local is not None else unhandled_local_tools(table.local)
    )
    if args.mode == "http":
        return anyio.run(
            _serve_http, table, args, client, handlers, local, environ, err
        )
    anyio.run(_serve_stdio, table, client, handlers, local, err)
    return 0


class _Unconfigured:
    """The client of a server whose every tool is local, started without the platform's
    settings: each call fails with what is missing, as the bin would have said it."""

    def __init__(self, error: Exception) -> None:
        self._error = error

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise self._error

    async def request(self, *args: object, **kwargs: object) -> object:
        raise self._error


def _platform_client(
    create: Callable[[Mapping[str, str]], ToolCaller],
    environ: Mapping[str, str],
    table: ToolTable,
) -> ToolCaller:
    """The platform client from the environment; for a server whose every tool is local (an
    imported one), a missing setting waits until a handler calls the platform."""
    try:
        return create(environ)
    except Exception as error:
        if not table.local or len(table.local) < len(table.tools):
            raise
        return _Unconfigured(error)


def _default_client(spec: SpecData) -> Callable[[Mapping[str, str]], ToolCaller]:
    def create(env: Mapping[str, str]) -> ToolCaller:
        from .client import client_from_env

        client: ToolCaller = client_from_env(spec["client"], env, spec.get("patterns"))
        return client

    return create


def _runtime(value: object) -> _Runtime:
    """What ``create_runtime`` returned: an object or a mapping with ``handlers`` and
    optionally ``start`` and ``stop``."""

    def part(key: str) -> Any:
        if isinstance(value, Mapping):
            return value.get(key)
        return getattr(value, key, None)

    handlers = part("handlers")
    if not isinstance(handlers, Mapping):
        raise TypeError(
            "create_runtime must return the local tools' handlers (handlers)"
        )
    return _Runtime(handlers, part("start"), part("stop"))


async def _serve_stdio(
    table: ToolTable,
    client: ToolCaller,
    handlers: Mapping[str, LocalHandler],
    local: _Runtime | None,
    err: TextIO,
) -> None:
    from .mcp_server import create_server, serve_stdio

    server = create_server(
        table, client=client, handlers=handlers, instructions=table.server.instructions
    )
    async with anyio.create_task_group() as tg:
        if local is not None and local.start is not None:
            tg.start_soon(_start, local.start, table.server.bin, err)
        try:
            await serve_stdio(server)
        finally:
            # The runtime's loops must not outlive the client.
            tg.cancel_scope.cancel()
            if local is not None and local.stop is not None:
                with anyio.CancelScope(shield=True):
                    await local.stop()


async def _start(
    start: Callable[[], Awaitable[object]], program: str, err: TextIO
) -> None:
    try:
        await start()
    except Exception as error:  # noqa: BLE001 - reported, and the server goes on
        err.write(f"{program}: the runtime did not start: {_one_line(str(error))}\n")
        err.flush()


async def _serve_http(
    table: ToolTable,
    args: BinArgs,
    client: ToolCaller,
    handlers: Mapping[str, LocalHandler],
    local: _Runtime | None,
    env: Mapping[str, str],
    err: TextIO,
) -> int:
    import uvicorn

    from .mcp_http import create_http_app

    program = table.server.bin
    token_env = table.server.http_token_env
    token = "" if token_env is None else env.get(token_env, "")
    app = create_http_app(
        table,
        client=client,
        handlers=handlers,
        instructions=table.server.instructions,
        allowed_origins=args.allowed_origins,
        env=env,
    )
    try:
        sock = listen(args.host, args.port)
    except OSError as error:
        err.write(
            f"{program}: cannot listen on {js(args.host)} port {args.port}: "
            f"{_one_line(error.strerror or str(error))}\n"
        )
        return 2
    address, port = sock.getsockname()[:2]
    host = f"[{address}]" if sock.family == socket.AF_INET6 else address
    err.write(f"{program}: serving MCP at http://{host}:{port}{PATH}\n")
    # The address the socket listens on, whatever form the host was given in.
    if token == "" and not is_loopback_address(address):
        hint = "" if token_env is None else f" (set {token_env})"
        err.write(
            f"{program}: warning: listening beyond this machine without a token{hint}: "
            "anyone who reaches the port can call the tools\n"
        )
    err.flush()
    config = uvicorn.Config(
        _at_path(app),
        http=capped_protocol(args.max_connections),
        log_level="warning",
        lifespan="off",
        access_log=False,
    )
    server = uvicorn.Server(config)
    async with anyio.create_task_group() as tg, app.running():
        if local is not None and local.start is not None:
            tg.start_soon(_start, local.start, program, err)
        try:
            await server.serve(sockets=[sock])
        finally:
            tg.cancel_scope.cancel()
            if local is not None and local.stop is not None:
                with anyio.CancelScope(shield=True):
                    await local.stop()
    return 0


def _at_path(app: Any) -> Any:
    """The app at PATH; any other path is answered 404 in plain text."""

    async def routed(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("path") == PATH:
            await app(scope, receive, send)
            return
        body = f"Not found: MCP is served at {PATH}\n".encode()
        await send(
            {
                "type": "http.response.start",
                "status": 404,
                "headers": [
                    (b"content-type", b"text/plain"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    return routed


def _one_line(message: str) -> str:
    """A message as one line of stderr: line breaks and the spaces around them as one space,
    then every other control character escaped."""
    return printable(re.sub(r"\s*[\r\n]+\s*", " ", message))
