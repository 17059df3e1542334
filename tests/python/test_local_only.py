"""A server whose every tool is local (as ``toolgen import mcp`` writes one) starts without the
platform's settings, in Python as in TypeScript: the real ``mcp`` client lists its tools from
``python -m <module>.mcp`` run with none of the client's environment variables."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import mcp
import pytest
import yaml
from conftest import generate
from mcp.client.stdio import StdioServerParameters

SPEC_FILE = Path(__file__).resolve().parent / "specs" / "python-only.yaml"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    spec = yaml.safe_load(SPEC_FILE.read_text("utf-8"))
    for tool in spec["tools"]:
        tool.pop("http", None)
        tool["local"] = True
    folder = tmp_path_factory.mktemp("local-only")
    generate(folder, yaml.safe_dump(spec, sort_keys=False))
    return folder, spec


@pytest.mark.anyio
async def test_it_serves_without_the_platforms_settings(
    project: tuple[Path, dict[str, object]],
) -> None:
    folder, spec = project
    module = spec["targets"]["python"]["module"]
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(folder / "generated" / "python" / "src"),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", f"{module}.mcp"], env=env, cwd=str(folder)
    )
    async with mcp.Client(params) as client:
        names = [t.name for t in (await client.list_tools()).tools]
    assert names == [t["name"] for t in spec["tools"]]
