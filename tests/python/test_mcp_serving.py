"""The Python MCP server as a process: local handlers (a raising one, a cancelled one) over
stdio, and Streamable HTTP with its Origin and bearer-token rules, through the real ``mcp``
client and real HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import mcp
import pytest
from mcp.shared.exceptions import MCPError
from mcp_helpers import ROOT, call_json, dump, python_command, python_env, stdio_session
from toolgen_core.data import SpecData


def _local_tool(spec: SpecData) -> str:
    """A local tool that may be called without arguments."""
    return next(
        t["name"]
        for t in spec["client"]["tools"]
        if t["local"] and not t["inputSchema"].get("required")
    )


@pytest.mark.anyio
async def test_a_raising_handler_is_an_error_result_with_its_message(
    reference_spec: SpecData,
) -> None:
    tool = _local_tool(reference_spec)
    message = "the inbox is gone\nsecond line"
    env = python_env({"MCP_TEST_BEHAVIOUR": json.dumps({tool: {"raise": message}})})
    async with stdio_session(python_command(), env) as client:
        result = call_json(await client.call_tool(tool, {}))
    assert result == {"content": [{"type": "text", "text": message}], "isError": True}


@pytest.mark.anyio
async def test_a_handler_result_is_json_text(reference_spec: SpecData) -> None:
    tool = _local_tool(reference_spec)
    value = {"id": "a-1", "n": [1, 2.5, None], "ok": True}
    env = python_env({"MCP_TEST_BEHAVIOUR": json.dumps({tool: {"return": value}})})
    async with stdio_session(python_command(), env) as client:
        result = call_json(await client.call_tool(tool, {}))
    assert result == {
        "content": [{"type": "text", "text": json.dumps(value, indent=2)}]
    }


@pytest.mark.anyio
async def test_a_cancelled_call_reaches_its_handler(reference_spec: SpecData) -> None:
    tool = _local_tool(reference_spec)
    folder = Path(tempfile.mkdtemp())
    started, cancelled = folder / "started", folder / "cancelled"
    env = python_env(
        {
            "MCP_TEST_BEHAVIOUR": json.dumps({tool: {"wait": True}}),
            "MCP_TEST_STARTED_FILE": str(started),
            "MCP_TEST_CANCEL_FILE": str(cancelled),
        }
    )
    async with stdio_session(python_command(), env) as client:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client.call_tool, tool, {})
            while not started.exists():
                await anyio.sleep(0.02)
            tg.cancel_scope.cancel()  # the client sends notifications/cancelled
        while not cancelled.exists():
            await anyio.sleep(0.02)
        # The server goes on serving after the cancelled call.
        assert len(dump(await client.list_tools())["tools"]) == len(  # type: ignore[arg-type]
            reference_spec["client"]["tools"]
        )
    assert json.loads(cancelled.read_text("utf-8")) == {"cancelled": True}


class HttpServer:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url


def _start_http(*args: str, env: dict[str, str] | None = None) -> HttpServer:
    process = subprocess.Popen(
        python_command("--http", "127.0.0.1:0", *args),
        cwd=ROOT,
        env=python_env(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    match = re.fullmatch(r"molecule-mcp: serving MCP at (http://\S+/mcp)\n", line)
    assert match, line
    return HttpServer(process, match.group(1))


def _stop(server: HttpServer) -> None:
    server.process.terminate()
    server.process.wait()


@pytest.fixture(scope="module")
def http_server() -> Iterator[HttpServer]:
    server = _start_http("--allow-origin", "https://App.Example:443")
    yield server
    _stop(server)


@pytest.fixture(scope="module")
def token_server() -> Iterator[HttpServer]:
    env = {"MCP_TEST_TOKEN_ENV": "MCP_HTTP_TOKEN", "MCP_HTTP_TOKEN": "s3cret-token"}
    server = _start_http(env=env)
    yield server
    _stop(server)


@pytest.mark.anyio
async def test_http_serves_the_same_tools_as_stdio(http_server: HttpServer) -> None:
    async with stdio_session(python_command(), python_env()) as client:
        over_stdio = dump(await client.list_tools())
        with pytest.raises(MCPError) as refused_stdio:
            await client.call_tool("list_peer", {})
        renamed_stdio = call_json(await client.call_tool("search_memory", {}))
    async with mcp.Client(http_server.url) as client:
        over_http = dump(await client.list_tools())
        with pytest.raises(MCPError) as refused_http:
            await client.call_tool("list_peer", {})
        renamed_http = call_json(await client.call_tool("search_memory", {}))
    assert over_http == over_stdio
    assert refused_stdio.value.code == refused_http.value.code == -32602
    assert refused_stdio.value.message == refused_http.value.message
    assert renamed_http == renamed_stdio
    assert renamed_http["isError"] is True


def _post(url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    return httpx.post(
        url,
        json=body,
        headers={"accept": "application/json, text/event-stream", **(headers or {})},
    )


def _refusal(response: httpx.Response) -> str:
    data = response.json()
    assert data["jsonrpc"] == "2.0" and data["id"] is None
    message: str = data["error"]["message"]
    return message


@pytest.mark.parametrize(
    "origin",
    [
        None,
        "http://localhost:5173",
        "https://127.0.0.1",
        "http://[::1]:8080",
        "https://app.example",
    ],
)
def test_http_serves_local_and_allowed_origins(
    http_server: HttpServer, origin: str | None
) -> None:
    response = _post(http_server.url, {} if origin is None else {"origin": origin})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "origin",
    ["https://evil.example", "null", "http://app.example", "https://app.example:8443"],
)
def test_http_refuses_other_origins(http_server: HttpServer, origin: str) -> None:
    response = _post(http_server.url, {"origin": origin})
    assert response.status_code == 403
    assert _refusal(response) == "Forbidden: this origin may not call"


def test_http_refuses_get_and_other_paths(http_server: HttpServer) -> None:
    response = httpx.get(http_server.url)
    assert response.status_code == 405
    assert response.headers["allow"] == "POST, OPTIONS"
    other = httpx.post(http_server.url.removesuffix("/mcp") + "/other", json={})
    assert other.status_code == 404
    assert other.text == "Not found: MCP is served at /mcp\n"


def test_http_refuses_a_body_over_the_limit(http_server: HttpServer) -> None:
    response = httpx.post(
        http_server.url,
        content=b" " * (4 * 1024 * 1024 + 1),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert _refusal(response) == "Payload too large"


@pytest.mark.parametrize(
    ("header", "status"),
    [
        (None, 401),
        ("Bearer wrong-token", 401),
        ("Basic s3cret-token", 401),
        ("Bearer s3cret-token", 200),
        ("bearer   s3cret-token", 200),
    ],
)
def test_http_token_from_the_spec_env(
    token_server: HttpServer, header: str | None, status: int
) -> None:
    response = _post(
        token_server.url, {} if header is None else {"authorization": header}
    )
    assert response.status_code == status, response.text
    if status == 401:
        assert response.headers["www-authenticate"] == "Bearer"
        assert _refusal(response) == "Unauthorized: a bearer token is needed"


def test_http_cannot_listen_is_one_line_and_exit_2() -> None:
    with _held_port() as port:
        done = subprocess.run(
            python_command("--http", f"127.0.0.1:{port}"),
            cwd=ROOT,
            env=python_env(),
            capture_output=True,
            text=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    assert done.returncode == 2
    assert done.stderr.startswith(
        f'molecule-mcp: cannot listen on "127.0.0.1" port {port}: '
    )
    assert done.stderr.count("\n") == 1


class _held_port:
    def __enter__(self) -> int:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        port: int = self.sock.getsockname()[1]
        return port

    def __exit__(self, *exc: object) -> None:
        self.sock.close()
