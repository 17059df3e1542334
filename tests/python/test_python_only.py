"""A spec with the Python target alone (tests/python/specs/python-only.yaml): the environment
variables are its own, the prompt texts have no preamble, and nothing else is written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp
import pytest
import yaml
from conftest import generate
from mcp.client.stdio import StdioServerParameters

SPEC_FILE = Path(__file__).resolve().parent / "specs" / "python-only.yaml"
SPEC = yaml.safe_load(SPEC_FILE.read_text("utf-8"))
PYTHON = SPEC["targets"]["python"]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("python-only")
    generate(folder, SPEC_FILE.read_text("utf-8"))
    return folder


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    src = project / "generated" / "python" / "src"
    return subprocess.run(
        [sys.executable, *args],
        cwd=project,
        env={"PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_only_the_python_package_is_written(project: Path) -> None:
    written = {p.name for p in (project / "generated").iterdir()}
    assert written == {"python", ".toolgen"}


def test_it_passes_ruff(project: Path) -> None:
    done = run(project, "-m", "ruff", "check", "--no-cache", "generated/python")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_cli_names_the_targets_own_environment(project: Path) -> None:
    done = run(project, "-m", f"{PYTHON['module']}.cli", "--help")
    assert done.returncode == 0, done.stderr
    for name in PYTHON["env"].values():
        assert name in done.stdout


def test_the_prompt_lists_every_tool_without_a_preamble(project: Path) -> None:
    done = run(
        project,
        "-c",
        f"from {PYTHON['module']}.prompts import MCP_PROMPT; print(MCP_PROMPT, end='')",
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "## Platform Capabilities" and lines[1] == ""
    assert lines[2] == f"**{SPEC['sections'][0]['label']}:**"
    for tool in SPEC["tools"]:
        assert f"### {tool['name']}" in lines


def declared(tool: dict[str, Any]) -> dict[str, object]:
    """What tools/list must carry of a tool besides its name, description and schemas: each
    title only where declared, never copied into the other; icons, _meta and execution as
    written, in MCP's names."""
    own = tool.get("mcp", {})
    out: dict[str, object] = {}
    if "title" in tool:
        out["title"] = tool["title"]
    if "title" in tool.get("annotations", {}):
        out["annotations.title"] = tool["annotations"]["title"]
    if "icons" in own:
        out["icons"] = [
            {("mimeType" if k == "mime_type" else k): v for k, v in icon.items()}
            for icon in own["icons"]
        ]
    if "meta" in own:
        out["_meta"] = own["meta"]
    if "execution" in own:
        out["execution"] = {"taskSupport": own["execution"]["task_support"]}
    return out


def listed(tool: dict[str, Any]) -> dict[str, object]:
    """The same parts of a tool as a server lists it."""
    out = {
        key: tool[key]
        for key in ("title", "icons", "_meta", "execution")
        if key in tool
    }
    if "title" in tool.get("annotations", {}):
        out["annotations.title"] = tool["annotations"]["title"]
    return out


def test_the_tool_list_carries_what_the_spec_declares(project: Path) -> None:
    done = run(
        project,
        "-c",
        f"import json; from {PYTHON['module']}.mcp import tool_list; "
        "print(json.dumps(tool_list()))",
    )
    assert done.returncode == 0, done.stderr
    tools = {t["name"]: t for t in json.loads(done.stdout)}
    assert any("icons" in t.get("mcp", {}) for t in SPEC["tools"])
    for tool in SPEC["tools"]:
        assert listed(tools[tool["name"]]) == declared(tool)


@pytest.mark.anyio
async def test_the_mcp_server_sends_it_to_a_real_client(project: Path) -> None:
    """Over stdio to the real ``mcp`` client, as far as the protocol version it agrees on has
    each part (2026-07-28 has no ``execution``)."""
    src = project / "generated" / "python" / "src"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(src),
        **{name: "" for name in PYTHON["env"].values()},
        PYTHON["env"]["base_url"]: "http://127.0.0.1:9",
        PYTHON["env"]["workspace_id"]: "ws-1",
        PYTHON["env"]["token"]: "tok-python-only-1",
    }
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", f"{PYTHON['module']}.mcp"],
        env=env,
        cwd=str(project),
    )
    async with mcp.Client(params) as client:
        client_version = client.protocol_version
        tools = {
            t.name: t.model_dump(by_alias=True, mode="json", exclude_none=True)
            for t in (await client.list_tools()).tools
        }
    for tool in SPEC["tools"]:
        want = declared(tool)
        if client_version != "2025-11-25":
            want.pop("execution", None)
        assert listed(tools[tool["name"]]) == want
