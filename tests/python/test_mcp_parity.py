"""The Python MCP server answers as the TypeScript one: both started as real processes over the
reference spec, both reached by the real ``mcp`` Python client over stdio."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import mcp
import pytest
from mcp.shared.exceptions import MCPError
from mcp_helpers import (
    ROOT,
    call_json,
    dump,
    python_command,
    python_env,
    stdio_session,
    ts_command,
    ts_prompt,
)
from toolgen_core.data import SpecData

# Calls the TypeScript server answers before any handler or the platform is reached: bad
# arguments (missing, wrong type, not in the enum, not in its format) and a former name, as
# isError results; and names the spec never declared, as the JSON-RPC error -32602.
REFUSED_CALLS: list[tuple[str, dict[str, object]]] = [
    ("delegate_task", {}),
    ("delegate_task", {"workspace_id": 7, "task": ["x"]}),
    ("commit_memory", {"content": "a fact", "scope": "EVERYONE"}),
    ("inbox_peek", {"limit": "ten"}),
    ("update_agent_card", {"card": "not an object"}),
    ("chat_history", {"peer_id": "p", "before_ts": "yesterday"}),
    ("search_memory", {"query": "x"}),
    ("list_peer", {}),
    ("nothing_like_any_tool", {}),
    ("x" * 300, {}),
]


@pytest.fixture(scope="module")
def instructions_file() -> Path:
    folder = Path(tempfile.mkdtemp())
    path = folder / "instructions.txt"
    path.write_text(ts_prompt(), "utf-8")
    return path


async def _answers(
    command: list[str], env: dict[str, str]
) -> tuple[dict[str, object], dict[str, object], list[dict[str, object]]]:
    async with stdio_session(command, env) as client:
        init = {
            "serverInfo": dump(client.server_info) if client.server_info else None,
            "instructions": client.instructions,
        }
        listed = dump(await client.list_tools())
        calls = [await _call(client, n, a) for n, a in REFUSED_CALLS]
    return init, listed, calls


async def _call(
    client: mcp.Client, name: str, arguments: dict[str, object]
) -> dict[str, object]:
    """The call's result as JSON, or the JSON-RPC error it was answered with."""
    try:
        return call_json(await client.call_tool(name, arguments))
    except MCPError as error:
        return {"error": {"code": error.code, "message": error.message}}


@pytest.mark.anyio
async def test_both_servers_list_the_same_tools_and_refuse_calls_alike(
    instructions_file: Path, reference_spec: SpecData
) -> None:
    env = python_env({"MCP_TEST_INSTRUCTIONS_FILE": str(instructions_file)})
    ts_init, ts_list, ts_calls = await _answers(ts_command(), env)
    py_init, py_list, py_calls = await _answers(python_command(), env)

    assert py_list == ts_list
    assert [t["name"] for t in py_list["tools"]] == [  # type: ignore[attr-defined]
        t["name"] for t in reference_spec["client"]["tools"]
    ]
    assert py_init == ts_init
    assert py_init["instructions"] == instructions_file.read_text("utf-8")
    declared = {t["name"] for t in reference_spec["client"]["tools"]}
    for (name, arguments), py, ts in zip(REFUSED_CALLS, py_calls, ts_calls):
        assert py == ts, (name[:40], arguments)
        if (
            name in declared or name == "search_memory"
        ):  # a former name of recall_memory
            assert py["isError"] is True
        else:
            assert py["error"]["code"] == -32602  # type: ignore[index]


def _run(command: list[str], *args: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [*command, *args],
        cwd=ROOT,
        env=python_env(),
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["-h"],
        ["--http"],
        ["--http", "nope"],
        ["--http=70000"],
        ["--http", "1", "--http", "2"],
        ["--allow-origin", "http://a.example"],
        ["--http", "0", "--allow-origin", "http://a.example/path"],
        ["--http", "0", "--allow-origin", "ftp://a.example"],
        ["serve"],
        ["--http", "[::1:0"],
        ["--max-connections", "5"],
        ["--http", "0", "--max-connections", "0"],
        ["--http", "0", "--max-connections", "1e3"],
        ["--http", "0", "--max-connections=-1"],
        ["--http", "0", "--max-connections", "100001"],
        ["--http", "0", "--max-connections", "2", "--max-connections", "3"],
        ["--http", "0", "--max-connections"],
    ],
)
def test_bin_arguments_answered_as_the_typescript_bin(argv: list[str]) -> None:
    assert _run(python_command(), *argv) == _without_sessions(_run(ts_command(), *argv))


def _without_sessions(answer: tuple[int, str, str]) -> tuple[int, str, str]:
    """The TypeScript bin's answer less what its --help says of session mode (--sessions), which
    the Python bin does not serve yet (docs/packages/python.md)."""
    code, out, err = answer
    lines = out.split("\n")
    if "--sessions" in out:
        lines = [line for line in lines if not line.startswith("   or: ")]
        start = next(i for i, line in enumerate(lines) if line.startswith("Each POST"))
        end = lines.index("", start)
        del lines[start : end + 1]
    return code, "\n".join(lines), err


def test_a_wrong_environment_is_one_line_and_exit_2_as_the_typescript_bin() -> None:
    def run(command: list[str]) -> tuple[int, str, str]:
        env = {**python_env(), "MOLECULE_WORKSPACE_TOKEN": "short"}
        done = subprocess.run(
            command,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        return done.returncode, done.stdout, done.stderr

    ts = run(ts_command())
    assert ts[0] == 2
    assert run(python_command()) == ts


@pytest.mark.parametrize(
    ("token", "argv"),
    [
        ("tok-typed-by-mistake", ["tok-typed-by-mistake"]),
        ('tok"quoted\\and/slashed', ['tok"quoted\\and/slashed']),
        ("tok-typed-by-mistake", ["--http", "tok-typed-by-mistake"]),
        ("tok-typed-by-mistake", ["--http=0", "--allow-origin=tok-typed-by-mistake"]),
    ],
)
def test_a_token_typed_as_an_argument_is_never_quoted_back(
    token: str, argv: list[str]
) -> None:
    """Both bins quote a wrong argument JSON-escaped; the configured token is redacted in every
    form, and both say the same."""

    def run(command: list[str]) -> tuple[int, str, str]:
        done = subprocess.run(
            [*command, *argv],
            cwd=ROOT,
            env={**python_env(), "MOLECULE_WORKSPACE_TOKEN": token},
            capture_output=True,
            text=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        return done.returncode, done.stdout, done.stderr

    ts = run(ts_command())
    assert ts[0] == 2
    assert "[redacted]" in ts[2]
    assert run(python_command()) == ts
    escaped = json.dumps(token)[1:-1]
    for shown in (token, escaped, "tok-typed", 'tok\\"quoted'):
        assert shown not in ts[2]
