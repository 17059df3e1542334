"""The MCP bin's arguments and --help: a port of runtime/mcp/args.ts and bin-options.ts, the
same flags, defaults and messages as the TypeScript bin."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .auth import credential_variables, has_workspaces
from .data import EnvNames
from .mcp_origin import normalize_origin
from .mcp_table import ServerInfo

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_MAX_CONNECTIONS",
    "PATH",
    "BinArgs",
    "js",
    "parse_bin_args",
    "usage",
]

DEFAULT_HOST = "127.0.0.1"
"""The host ``--http PORT`` listens on: this machine only."""

DEFAULT_MAX_CONNECTIONS = 256
"""The most connections the HTTP bin holds open at once, unless --max-connections says."""

_FLAGS = ("--http", "--allow-origin", "--max-connections")
_MAX = re.compile(r"[1-9][0-9]{0,5}")

PATH = "/mcp"
"""The path the bin serves MCP at, as MCP clients' configurations expect."""

_ADDRESS = re.compile(r"(?:(\[[0-9a-fA-F:.]+\]|[^:\[\]]+):)?([0-9]{1,5})")


@dataclass(frozen=True)
class BinArgs:
    """What the bin was asked to do: ``help``, ``stdio`` or ``http`` (then where, and the
    origins given with ``--allow-origin``, as browsers send them)."""

    mode: str
    host: str = DEFAULT_HOST
    port: int = 0
    allowed_origins: tuple[str, ...] = field(default=())
    max_connections: int = DEFAULT_MAX_CONNECTIONS


def parse_bin_args(argv: Sequence[str]) -> BinArgs | str:
    """The bin's arguments: none (stdio), ``--http [host:]port`` with any ``--allow-origin
    ORIGIN`` and ``--max-connections N``, or --help. A problem comes back as its message,
    which names the argument."""
    if "--help" in argv or "-h" in argv:
        return BinArgs("help")
    http: str | None = None
    most: int | None = None
    origins: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        flag, inline = _split_flag(arg)
        if flag not in _FLAGS:
            return f"unexpected argument {js(arg)}"
        if inline is None:
            i += 1
            value = argv[i] if i < len(argv) else None
        else:
            value = inline
        if value is None:
            return f"{flag} needs a value"
        if flag == "--http":
            if http is not None:
                return "--http is given twice"
            http = value
        elif flag == "--max-connections":
            if most is not None:
                return "--max-connections is given twice"
            most = int(value) if _MAX.fullmatch(value) else 0
            if not 1 <= most <= 100_000:
                return f"--max-connections {js(value)} is not a number from 1 to 100000"
        else:
            origin = normalize_origin(value)
            if origin is None:
                return f"--allow-origin {js(value)} is not an origin (scheme://host[:port])"
            origins.append(origin)
        i += 1
    if http is None:
        if origins:
            return "--allow-origin needs --http"
        return BinArgs("stdio") if most is None else "--max-connections needs --http"
    match = _ADDRESS.fullmatch(http)
    port = int(match.group(2)) if match else 0
    if match is None or port > 65535:
        return f"--http {js(http)} is not [host:]port (a port from 0 to 65535)"
    host = match.group(1) or DEFAULT_HOST
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return BinArgs("http", host, port, tuple(origins), most or DEFAULT_MAX_CONNECTIONS)


def _split_flag(arg: str) -> tuple[str, str | None]:
    eq = arg.find("=")
    if arg.startswith("--") and eq > 0:
        return arg[:eq], arg[eq + 1 :]
    return arg, None


def js(text: str) -> str:
    """A string as JavaScript's JSON.stringify quotes it."""
    return json.dumps(text, ensure_ascii=False)


def usage(server: ServerInfo) -> str:
    """The bin's --help."""
    env = server.environment
    lines = [
        f"Usage: {server.bin} [--http [host:]port [--allow-origin origin]... [--max-connections n]]",
        "",
        "Serves the platform's tools over MCP on stdin and stdout, or with --http over Streamable",
        "HTTP at /mcp (host 127.0.0.1 unless given). Browser pages from localhost may call it, and",
        "those of each --allow-origin (scheme://host[:port]), which alone get CORS headers. At most",
        f"--max-connections connections are held open ({DEFAULT_MAX_CONNECTIONS} unless given): idle ones are closed to",
        "make room.",
        "",
        "Configured from the environment:",
        *_variables(env),
    ]
    if server.http_token_env is not None:
        lines.append(
            f"  {server.http_token_env}  with --http: the bearer token every request must carry"
        )
    lines.append("")
    return "\n".join(lines)


def _variables(env: EnvNames) -> list[str]:
    """The --help's lines of the client's variables: a platform's workspaces, or an API's credential."""
    if has_workspaces(env):
        return [
            f"  {env['baseUrl']}  the platform's base URL",
            f"  {env['workspaceId']}, {env['token']}  the workspace to act in and its token",
            f'  {env["workspaces"]}  instead, for several workspaces: a JSON array of {{"id": ..., "token": ...}}',
        ]
    fallback = env.get("defaultBaseUrl")
    shown = "" if fallback is None else f" (default {fallback})"
    return [f"  {env['baseUrl']}  the API's base URL{shown}"] + [
        f"  {name}  {what[0].lower()}{what[1:]}"
        for name, what in credential_variables(env.get("auth"))
    ]
