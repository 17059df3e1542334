"""The reference spec's Python package as a consumer uses it, by its module name: each module's
functions, and ``python -m <module>.mcp`` / ``python -m <module>.cli`` as real processes,
answering as their TypeScript twins do."""

from __future__ import annotations

import json
import subprocess
import sys

import molecule_platform_tools.client as client_module
import molecule_platform_tools.mcp as mcp_module
import pytest
import yaml
from conftest import ROOT
from mcp_helpers import dump, python_env, stdio_session, ts_command
from molecule_platform_tools import function_calling, langchain
from molecule_platform_tools._core.handler import from_kwargs
from molecule_platform_tools.prompts import MCP_PROMPT
from node_side import node_json
from platform_server import running_platform

SPEC = yaml.safe_load((ROOT / "tools.yaml").read_text("utf-8"))
MODULE = SPEC["targets"]["python"]["module"]
ENV = SPEC["targets"]["client"]["env"]
HTTP_TOOLS = [t for t in SPEC["tools"] if "http" in t]
LOCAL_TOOLS = [t for t in SPEC["tools"] if "http" not in t]


@pytest.mark.anyio
async def test_the_mcp_module_lists_what_the_typescript_server_lists() -> None:
    env = python_env()
    async with stdio_session(ts_command(), env) as ts:
        ts_list = dump(await ts.list_tools())
    command = [sys.executable, "-m", f"{MODULE}.mcp"]
    async with stdio_session(command, env) as py:
        assert py.instructions == MCP_PROMPT
        py_list = dump(await py.list_tools())
    assert py_list == ts_list
    assert [t["name"] for t in mcp_module.tool_list()] == [
        t["name"] for t in SPEC["tools"]
    ]


@pytest.mark.anyio
async def test_tool_answers_call_the_platform_and_a_coroutine_for_a_local_tool() -> (
    None
):
    tool = HTTP_TOOLS[0]
    local = LOCAL_TOOLS[0]
    seen: list[dict[str, object]] = []

    async def impl(**kwargs: object) -> str:
        seen.append(kwargs)
        return "handled"

    with running_platform() as platform:
        platform.reply(200, {"ok": True})
        env = {
            ENV["base_url"]: platform.url,
            ENV["workspace_id"]: "ws-1",
            ENV["token"]: "token-one",
        }
        async with client_module.create_client_from_env(env) as client:
            answers = mcp_module.tool_answers(
                client=client,
                handlers={t["name"]: from_kwargs(impl) for t in LOCAL_TOOLS},
            )
            arguments = {name: "x" for name in tool["input"].get("required", [])}
            result = await answers.handle_tool_call(tool["name"], arguments)
            assert "isError" not in result, result
            assert platform.requests[0].headers["authorization"] == "Bearer token-one"
            local_args = {n: "x" for n in local["input"].get("required", [])}
            result = await answers.handle_tool_call(local["name"], local_args)
    assert result == {"content": [{"type": "text", "text": "handled"}]}
    assert seen == [local_args]


def test_function_calling_definitions_are_the_typescript_packages() -> None:
    ts = node_json(
        'const m = await import("@molecule/platform-function-calling");'
        "console.log(JSON.stringify({r: m.openaiResponsesTools, c: m.openaiChatTools,"
        " a: m.anthropicTools}));"
    )
    assert {
        "r": function_calling.openai_responses_tools(),
        "c": function_calling.openai_chat_tools(),
        "a": function_calling.anthropic_tools(),
    } == ts


@pytest.mark.anyio
async def test_langchain_tools_call_the_platform() -> None:
    tool = HTTP_TOOLS[0]
    with running_platform() as platform:
        platform.reply(200, "done")
        config: client_module.ClientConfig = {
            "base_url": platform.url,
            "workspace": {"id": "ws-1", "token": "token-one"},
        }
        async with client_module.create_client(config) as client:
            tools = langchain.create_tools(client=client, names=[tool["name"]])
            arguments = {name: "x" for name in tool["input"].get("required", [])}
            assert await tools[0].ainvoke(arguments) == "done"
    assert [t.name for t in tools] == [tool["name"]]
    assert len(platform.requests) == 1


def test_the_cli_module_helps_as_the_typescript_cli() -> None:
    # A platform command's help: the TypeScript CLI answers local tools with the reference
    # runtime, which the Python package does not name.
    commands = json.loads(
        (ROOT / "generated" / "cli" / "commands.json").read_text("utf-8")
    )
    keyword = next(c["keyword"] for c in commands["commands"] if not c["local"])

    def run(command: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*command, *keyword.split(), "--help"],
            cwd=ROOT,
            env=python_env(),
            capture_output=True,
            text=True,
            check=False,
        )

    ts = run(["node", str(ROOT / "generated" / "cli" / "bin.js")])
    py = run([sys.executable, "-m", f"{MODULE}.cli"])
    program = SPEC["targets"]["cli"]["bin"]
    assert py.returncode == ts.returncode == 0
    # The same text, but for the name the program is run by.
    assert py.stdout == ts.stdout.replace(program, f"python -m {MODULE}.cli")
    assert py.stderr == ts.stderr
