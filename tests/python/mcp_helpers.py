"""What the MCP server tests share: both servers started as real processes, and reached by the
real ``mcp`` Python client over stdio or Streamable HTTP."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import tempfile
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

import mcp
from mcp.client.stdio import StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).resolve().parent / "mcp_launcher.py"
TS_BIN = ROOT / "generated" / "mcp" / "bin" / "molecule-mcp.js"

# The platform client of both servers reads these (the reference spec's names); no call in
# these tests reaches the platform.
BASE_ENV = {
    "PATH": os.environ.get("PATH", ""),
    "HOME": os.environ.get("HOME", ""),
    "PLATFORM_URL": "http://127.0.0.1:9",
    "WORKSPACE_ID": "ws-1",
    "MOLECULE_WORKSPACE_TOKEN": "tok-for-mcp-tests-1",
}


def ts_prompt() -> str:
    """The TypeScript bin's instructions: the prompts package's mcpPrompt."""
    return subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            (
                'const { mcpPrompt } = await import("@molecule/platform-prompts");'
                "process.stdout.write(mcpPrompt ?? '');"
            ),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def python_command(*args: str) -> list[str]:
    return [sys.executable, str(LAUNCHER), *args]


def ts_command(*args: str) -> list[str]:
    return ["node", str(TS_BIN), *args]


def python_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The servers' environment, with a state folder of its own: one runtime owns a folder at a
    time, and tests run in parallel would otherwise share the default one."""
    state = tempfile.mkdtemp(prefix="toolgen-mcp-state-")
    atexit.register(shutil.rmtree, state, ignore_errors=True)
    return {**BASE_ENV, "MOLECULE_STATE_DIR": state, **(extra or {})}


@asynccontextmanager
async def stdio_session(
    command: list[str], env: Mapping[str, str]
) -> AsyncIterator[mcp.Client]:
    params = StdioServerParameters(
        command=command[0], args=command[1:], env=dict(env), cwd=str(ROOT)
    )
    async with mcp.Client(params) as client:
        yield client


def dump(model: object) -> dict[str, object]:
    """A result of the mcp client as the JSON it came as (without the SDK's own fields)."""
    data: dict[str, object] = model.model_dump(  # type: ignore[attr-defined]
        by_alias=True, mode="json", exclude_none=True
    )
    for key in ("_meta", "resultType", "ttlMs", "cacheScope", "nextCursor"):
        data.pop(key, None)
    return data


def call_json(result: object) -> dict[str, object]:
    """A CallToolResult as JSON, ``isError`` given only when true, as the servers send it."""
    data = dump(result)
    if data.get("isError") is False:
        del data["isError"]
    return json.loads(json.dumps(data))
