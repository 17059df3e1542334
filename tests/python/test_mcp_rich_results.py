"""Rich results end to end in Python: a generated spec whose runtime returns each kind of MCP
content and structured content, and an HTTP tool whose platform (a real server on 127.0.0.1)
answers image/png, served by ``python -m <module>.mcp`` to the real ``mcp`` client over stdio
and Streamable HTTP; LangChain (langchain-core) gets its standard content blocks. The same
spec as tests/emitters/mcp/rich-results.e2e.test.ts."""

from __future__ import annotations

import base64
import http.server
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp
import pytest
from conftest import generate
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_helpers import call_json

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
PNG64 = base64.b64encode(PNG).decode()
WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA="
WAIT = 30.0  # a generous guard against a hang, not a measure of speed

SPEC = """targets:
  client:
    package: "@rich/client"
    env: { base_url: RICH_URL, workspace_id: RICH_WORKSPACE, token: RICH_TOKEN, workspaces: RICH_WORKSPACES }
  python:
    package: rich-tools
    module: rich_tools
    runtime: rich_runtime
    env: { base_url: RICH_URL, workspace_id: RICH_WORKSPACE, token: RICH_TOKEN, workspaces: RICH_WORKSPACES }
sections:
  - { id: main, heading: Main, label: Main }
tools:
  - name: show
    section: main
    renamed_from: [display]
    short: Show one kind of content.
    when_to_use: When asked to show something.
    input: { type: object, properties: { kind: { type: string } }, required: [kind] }
    local: true
  - name: measure
    section: main
    short: Measure the picture.
    when_to_use: When the size matters.
    input: { type: object, properties: {} }
    output: { type: object, properties: { width: { type: integer } }, required: [width] }
    local: true
  - name: snapshot
    section: main
    short: Take a snapshot.
    when_to_use: When you need to see.
    input: { type: object, properties: {} }
    http: { method: GET, path: /snapshot }
"""

RUNTIME = f'''
import base64
from types import SimpleNamespace
from rich_tools.tools import (
    ToolResult, audio_content, embedded_resource, image_content, resource_link, text_content,
)

PNG = base64.b64decode("{PNG64}")
KINDS = {{
    "text": [text_content("plain words")],
    "image": [image_content(PNG, "image/png")],
    "audio": [audio_content("{WAV}", "audio/wav")],
    "link": [resource_link("file:///reports/q3.pdf", "q3.pdf", mime_type="application/pdf")],
    "embedded": [embedded_resource("file:///notes.txt", mime_type="text/plain", text="a note")],
}}


async def show(input, ctx):
    kind = input["kind"]
    if kind == "all":
        return ToolResult(content=[b for blocks in KINDS.values() for b in blocks])
    if kind == "video":
        return ToolResult(content=[{{"type": "video", "data": "AAAA"}}])
    return ToolResult(content=KINDS[kind])


async def measure(input, ctx):
    return ToolResult(content=KINDS["image"], structured_content={{"width": 1}})


def create_runtime(client, env):
    return SimpleNamespace(handlers={{"show": show, "measure": measure}})
'''

KINDS: dict[str, list[dict[str, Any]]] = {
    "text": [{"type": "text", "text": "plain words"}],
    "image": [{"type": "image", "data": PNG64, "mimeType": "image/png"}],
    "audio": [{"type": "audio", "data": WAV, "mimeType": "audio/wav"}],
    "link": [
        {
            "type": "resource_link",
            "uri": "file:///reports/q3.pdf",
            "name": "q3.pdf",
            "mimeType": "application/pdf",
        }
    ],
    "embedded": [
        {
            "type": "resource",
            "resource": {
                "uri": "file:///notes.txt",
                "mimeType": "text/plain",
                "text": "a note",
            },
        }
    ],
}
ALL = [b for blocks in KINDS.values() for b in blocks]


class _Platform(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/snapshot":
            self.send_response(200)
            self.send_header("content-type", "image/png")
            self.send_header("content-length", str(len(PNG)))
            self.end_headers()
            self.wfile.write(PNG)
        else:
            self.send_response(404)
            self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def platform() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Platform)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rich")
    generate(folder, SPEC)
    (folder / "rich_runtime.py").write_text(RUNTIME, "utf-8")
    return folder


def _env(project: Path, platform: str) -> dict[str, str]:
    src = project / "generated" / "python" / "src"
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": f"{src}{os.pathsep}{project}",
        "RICH_URL": platform,
        "RICH_WORKSPACE": "ws-1",
        "RICH_TOKEN": "tok-rich-5d1e77",
    }


async def _call(client: mcp.Client, name: str, args: dict[str, object]) -> object:
    try:
        result = await client.call_tool(name, args)
    except MCPError as error:
        return {"error": error.code}
    answer = call_json(result)
    answer.pop("_meta", None)
    answer.pop("resultType", None)
    return answer


async def _expect_rich_answers(client: mcp.Client) -> None:
    for kind, content in KINDS.items():
        assert await _call(client, "show", {"kind": kind}) == {"content": content}
    assert await _call(client, "show", {"kind": "all"}) == {"content": ALL}
    assert await _call(client, "measure", {}) == {
        "content": KINDS["image"],
        "structuredContent": {"width": 1},
    }
    assert await _call(client, "snapshot", {}) == {"content": KINDS["image"]}
    refused = await _call(client, "show", {"kind": "video"})
    assert refused == {
        "content": [
            {
                "type": "text",
                "text": "The result of show is not one MCP can carry:\n- content[0] has "
                'type "video"; a result holds text, image, audio, resource_link, resource',
            }
        ],
        "isError": True,
    }
    assert await _call(client, "teleport", {}) == {"error": -32602}
    renamed = await _call(client, "display", {"kind": "text"})
    assert renamed == {
        "content": [
            {
                "type": "text",
                "text": 'Unknown tool "display": it was renamed to "show".',
            }
        ],
        "isError": True,
    }


@pytest.mark.anyio
async def test_rich_results_reach_the_mcp_client_over_stdio(
    project: Path, platform: str
) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "rich_tools.mcp"],
        env=_env(project, platform),
        cwd=str(project),
    )
    async with mcp.Client(params) as client:
        await _expect_rich_answers(client)


@pytest.fixture(scope="module")
def http_url(project: Path, platform: str) -> Iterator[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "rich_tools.mcp", "--http", "0"],
        cwd=project,
        env=_env(project, platform),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    line = process.stderr.readline().decode()
    match = re.search(r"serving MCP at (\S+)", line)
    assert match, line
    yield match.group(1)
    process.terminate()
    process.wait(timeout=WAIT)


@pytest.mark.anyio
async def test_rich_results_reach_the_mcp_client_over_http(http_url: str) -> None:
    async with mcp.Client(http_url) as client:
        await _expect_rich_answers(client)


@pytest.mark.anyio
async def test_langchain_gets_standard_content_blocks_and_the_result_as_artifact(
    project: Path, platform: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in _env(project, platform).items():
        monkeypatch.setenv(key, value)
    for path in (str(project / "generated" / "python" / "src"), str(project)):
        monkeypatch.syspath_prepend(path)
    from rich_runtime import create_runtime  # type: ignore[import-not-found]
    from rich_tools.client import create_client_from_env  # type: ignore[import-not-found]
    from rich_tools.langchain import create_tools  # type: ignore[import-not-found]

    client = create_client_from_env()
    tools = {
        t.name: t
        for t in create_tools(
            client=client, handlers=create_runtime(client, {}).handlers
        )
    }

    async def call(name: str, args: dict[str, object]) -> Any:
        return await tools[name].ainvoke(
            {"type": "tool_call", "id": f"call-{name}", "name": name, "args": args}
        )

    shown = await call("show", {"kind": "all"})
    assert shown.content == [
        {"type": "text", "text": "plain words"},
        {"type": "image", "base64": PNG64, "mime_type": "image/png"},
        # langchain-core 1.x takes no audio block in a ToolMessage: the sound is named.
        {"type": "text", "text": "[audio/wav audio, 44 bytes, not shown]"},
        {"type": "text", "text": "[resource: q3.pdf <file:///reports/q3.pdf>]"},
        {"type": "text", "text": "[resource file:///notes.txt]\na note"},
    ]
    assert list(shown.artifact.content) == ALL
    measured = await call("measure", {})
    assert measured.artifact.structured_content == {"width": 1}
    snapshot = await call("snapshot", {})
    assert snapshot.content == [
        {"type": "image", "base64": PNG64, "mime_type": "image/png"}
    ]
    refused = await call("show", {"kind": "video"})
    assert refused.status == "error"
    assert 'content[0] has type "video"' in refused.content
