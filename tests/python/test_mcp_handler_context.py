"""The handler's context end to end in Python: a generated spec whose one local tool's handler
reports progress, logs, asks the user (elicitation) and the client's model (sampling), served by
``python -m <module>.mcp`` to the real ``mcp`` client over stdio and stateless Streamable HTTP
(which carries a call's progress and log on the SSE stream that answers it);
outside MCP (LangChain, dispatch) progress and log do nothing and elicit and sample raise. The
same spec and messages as tests/emitters/mcp/handler-context.e2e.test.ts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp
import mcp_types as types
import pytest
from conftest import generate
from mcp.client.stdio import StdioServerParameters

WAIT = 30.0  # a generous guard against a hang, not a measure of speed

SPEC = """targets:
  client:
    package: "@ctx/client"
    env: { base_url: CTX_URL, workspace_id: CTX_WORKSPACE, token: CTX_TOKEN, workspaces: CTX_WORKSPACES }
  python:
    package: ctx-tools
    module: ctx_tools
    runtime: ctx_runtime
    env: { base_url: CTX_URL, workspace_id: CTX_WORKSPACE, token: CTX_TOKEN, workspaces: CTX_WORKSPACES }
sections:
  - { id: main, heading: Main, label: Main }
tools:
  - name: work
    section: main
    short: Do some work.
    when_to_use: When there is work.
    input: { type: object, properties: { kind: { type: string } }, required: [kind] }
    local: true
"""

FORM = {
    "type": "object",
    "properties": {"name": {"type": "string", "title": "Name"}},
    "required": ["name"],
}
SAMPLE = {
    "messages": [{"role": "user", "content": {"type": "text", "text": "Say hi"}}],
    "maxTokens": 20,
}

RUNTIME = f"""
import asyncio
from types import SimpleNamespace

FORM = {FORM!r}
SAMPLE = {SAMPLE!r}


async def work(input, ctx):
    kind = input["kind"]
    if kind == "steps":
        # Each question waits for the client, which has handled the progress sent before it.
        await ctx.progress(1, 2, "half")
        await ctx.elicit("Next step?", {{"type": "object", "properties": {{}}}})
        await ctx.progress(2, 2, "all")
        await ctx.elicit("Next step?", {{"type": "object", "properties": {{}}}})
        return "worked"
    if kind == "burst":
        # The middle step waits within the interval; the last sends it first.
        for done, say in ((0, "start"), (20, "replaced"), (50, "half"), (100, "done")):
            await ctx.progress(done, 100, say)
        await ctx.elicit("Next step?", {{"type": "object", "properties": {{}}}})
        return "worked"
    if kind == "late":
        # The middle step waits; the last comes after the interval and still sends it first.
        await ctx.progress(0, 100, "start")
        await ctx.progress(50, 100, "half")
        await asyncio.sleep(0.15)
        await ctx.progress(100, 100, "done")
        await ctx.elicit("Next step?", {{"type": "object", "properties": {{}}}})
        return "worked"
    if kind == "progress":
        await ctx.progress(1, 2, "half")
        await ctx.progress(2, 2, "all")
        return "worked"
    if kind == "log":
        for level in ("debug", "info", "warning", "error"):
            await ctx.log(level, "at " + level)
        return "logged"
    if kind == "elicit":
        return await ctx.elicit("Your name?", FORM)
    if kind == "sample":
        return await ctx.sample(SAMPLE)
    raise ValueError("no such kind " + kind)


def create_runtime(client, env):
    return SimpleNamespace(handlers={{"work": work}})
"""

ELICITED = {"action": "accept", "content": {"name": "Ada"}}
SAMPLED = {
    "role": "assistant",
    "content": {"type": "text", "text": "hi"},
    "model": "test-model",
}
PROGRESS = [(1.0, 2.0, "half"), (2.0, 2.0, "all")]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ctx")
    generate(folder, SPEC)
    (folder / "ctx_runtime.py").write_text(RUNTIME, "utf-8")
    return folder


def _env(project: Path) -> dict[str, str]:
    src = project / "generated" / "python" / "src"
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": f"{src}{os.pathsep}{project}",
    }


def _stdio(project: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "ctx_tools.mcp"],
        env=_env(project),
        cwd=str(project),
    )


def _text(result: types.CallToolResult) -> str:
    assert len(result.content) == 1
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


async def _elicited(
    context: object, params: types.ElicitRequestParams
) -> types.ElicitResult:
    return types.ElicitResult.model_validate(ELICITED)


async def _sampled(
    context: object, params: types.CreateMessageRequestParams
) -> types.CreateMessageResult:
    return types.CreateMessageResult.model_validate(SAMPLED)


@pytest.mark.anyio
@pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")
async def test_progress_logs_a_question_and_a_sample_reach_the_client_over_stdio(
    project: Path,
) -> None:
    logged: list[tuple[str, object]] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logged.append((params.level, params.data))

    async with mcp.Client(
        _stdio(project),
        mode="legacy",
        elicitation_callback=_elicited,
        sampling_callback=_sampled,
        logging_callback=on_log,
    ) as client:
        progress: list[tuple[float, float | None, str | None]] = []

        async def on_progress(
            done: float, total: float | None, message: str | None
        ) -> None:
            progress.append((done, total, message))

        worked = await client.call_tool(
            "work", {"kind": "steps"}, progress_callback=on_progress
        )
        assert _text(worked) == "worked"
        assert progress == PROGRESS
        progress.clear()
        burst = await client.call_tool(
            "work", {"kind": "burst"}, progress_callback=on_progress
        )
        assert _text(burst) == "worked"
        assert progress == [(0, 100, "start"), (50, 100, "half"), (100, 100, "done")]
        progress.clear()
        late = await client.call_tool(
            "work", {"kind": "late"}, progress_callback=on_progress
        )
        assert _text(late) == "worked"
        assert progress == [(0, 100, "start"), (50, 100, "half"), (100, 100, "done")]
        await client.set_logging_level("warning")
        assert _text(await client.call_tool("work", {"kind": "log"})) == "logged"
        assert logged == [("warning", "at warning"), ("error", "at error")]
        elicited = await client.call_tool("work", {"kind": "elicit"})
        assert json_of(elicited) == ELICITED
        sampled = await client.call_tool("work", {"kind": "sample"})
        assert json_of(sampled) == SAMPLED


@pytest.mark.anyio
async def test_a_client_without_elicitation_or_sampling_is_told_which_it_lacks(
    project: Path,
) -> None:
    async with mcp.Client(_stdio(project), mode="legacy") as client:
        elicited = await client.call_tool("work", {"kind": "elicit"})
        assert elicited.is_error
        assert _text(elicited) == (
            "elicit: the client did not declare the elicitation capability, "
            "so this server cannot ask the user"
        )
        sampled = await client.call_tool("work", {"kind": "sample"})
        assert _text(sampled) == (
            "sample: the client did not declare the sampling capability, "
            "so this server cannot ask its model"
        )


@pytest.mark.anyio
async def test_on_protocol_2026_logs_follow_the_call_s_level_and_questions_say_why_not(
    project: Path,
) -> None:
    # The client's default negotiates 2026-07-28: the level rides on each request, and there is
    # no channel for a request from the server to the client.
    logged: list[str] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logged.append(params.level)

    async with mcp.Client(
        _stdio(project),
        elicitation_callback=_elicited,
        log_level="error",
        logging_callback=on_log,
    ) as client:
        assert _text(await client.call_tool("work", {"kind": "log"})) == "logged"
        assert logged == ["error"]
        elicited = await client.call_tool("work", {"kind": "elicit"})
        assert elicited.is_error
        assert _text(elicited) == (
            "elicit: this connection cannot carry a request from the server to the client "
            "(MCP 2026-07-28 has none), so this server cannot ask the user"
        )


@pytest.fixture(scope="module")
def http_url(project: Path) -> Iterator[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "ctx_tools.mcp", "--http", "0"],
        cwd=project,
        env=_env(project),
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
@pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")
async def test_stateless_http_carries_a_call_s_progress_and_log(http_url: str) -> None:
    # MCP 2025-11-25, as the conformance suite speaks it: a tools/call is answered as an SSE
    # stream, its progress and log on it, then its result. The level set by an earlier POST is
    # not kept: every level is sent.
    logged: list[tuple[str, object]] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logged.append((params.level, params.data))

    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(
        done: float, total: float | None, message: str | None
    ) -> None:
        progress.append((done, total, message))

    async with mcp.Client(http_url, mode="legacy", logging_callback=on_log) as client:
        worked = await client.call_tool(
            "work", {"kind": "progress"}, progress_callback=on_progress
        )
        assert _text(worked) == "worked"
        assert progress == PROGRESS
        await client.set_logging_level("error")
        assert _text(await client.call_tool("work", {"kind": "log"})) == "logged"
        assert logged == [
            (level, f"at {level}") for level in ("debug", "info", "warning", "error")
        ]


@pytest.mark.anyio
async def test_stateless_http_logs_at_the_level_a_2026_call_carries(
    http_url: str,
) -> None:
    # MCP 2026-07-28 carries the level on each request, so stateless HTTP honours it.
    logged: list[str] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logged.append(params.level)

    async with mcp.Client(
        http_url, log_level="warning", logging_callback=on_log
    ) as client:
        assert _text(await client.call_tool("work", {"kind": "log"})) == "logged"
        assert logged == ["warning", "error"]


@pytest.mark.anyio
async def test_stateless_http_says_it_cannot_carry_a_request_to_the_client(
    http_url: str,
) -> None:
    async with mcp.Client(
        http_url, elicitation_callback=_elicited, sampling_callback=_sampled
    ) as client:
        elicited = await client.call_tool("work", {"kind": "elicit"})
        assert elicited.is_error
        assert _text(elicited) == (
            "elicit: stateless HTTP cannot carry a request from the server to the "
            "client, so this server cannot ask the user; serve over stdio, or over "
            "HTTP with sessions"
        )


@pytest.mark.anyio
async def test_outside_mcp_progress_and_log_pass_and_questions_fail_naming_the_target(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for path in (str(project / "generated" / "python" / "src"), str(project)):
        monkeypatch.syspath_prepend(path)
    from ctx_runtime import create_runtime  # type: ignore[import-not-found]
    from ctx_tools.function_calling import dispatch_result  # type: ignore[import-not-found]
    from ctx_tools.langchain import create_tools  # type: ignore[import-not-found]

    handlers = create_runtime(None, {}).handlers

    class NoPlatform:
        async def call(self, name: str, input: object = None) -> object:
            raise RuntimeError("no platform")

    answer: Any = await dispatch_result(
        "work", {"kind": "progress"}, client=NoPlatform(), handlers=handlers
    )
    assert (answer.text, answer.is_error) == ("worked", False)
    answer = await dispatch_result(
        "work", {"kind": "elicit"}, client=NoPlatform(), handlers=handlers
    )
    assert answer.is_error
    assert answer.text == (
        "Error from work: elicit: a tool called through dispatch cannot ask the user "
        "a question; only the MCP server can, when its client declares elicitation"
    )
    (work,) = create_tools(client=NoPlatform(), handlers=handlers)
    assert await work.ainvoke({"kind": "log"}) == "logged"
    assert "sample: a tool called through LangChain cannot ask a client's model" in (
        await work.ainvoke({"kind": "sample"})
    )


def json_of(result: types.CallToolResult) -> object:
    import json

    return json.loads(_text(result))
