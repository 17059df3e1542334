"""A spec with the Python target alone (tests/python/specs/python-only.yaml): the environment
variables are its own, the prompt texts have no preamble, and nothing else is written."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

SPEC_FILE = Path(__file__).resolve().parent / "specs" / "python-only.yaml"
SPEC = yaml.safe_load(SPEC_FILE.read_text("utf-8"))
PYTHON = SPEC["targets"]["python"]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("python-only")
    shutil.copy(SPEC_FILE, folder / "tools.yaml")
    done = subprocess.run(
        ["node", str(ROOT / "bin" / "toolgen.mjs")],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
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
