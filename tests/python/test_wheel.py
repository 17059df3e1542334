"""The generated distributions as pip builds and installs them (not the editable install the
other tests import): a wheel of each, installed into a folder of its own, runs from there with
its data, its types marker, its runtime and its console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

HOSTILE = Path(__file__).resolve().parent / "specs" / "hostile.yaml"


def build_and_install(package: Path, into: Path) -> Path:
    dist = into / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(dist), str(package)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (wheel,) = dist.glob("*.whl")
    target = into / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
         str(target), str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return wheel


def installed_run(target: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # The installed copy first on the path, the venv's libraries (httpx, mcp…) after it.
    env = {**os.environ, "PYTHONPATH": str(target)}
    return subprocess.run(
        [sys.executable, *args], cwd=target.parent, env=env,
        capture_output=True, text=True, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_the_reference_wheel_holds_every_file_and_runs_installed(
    tmp_path: Path,
) -> None:
    spec = yaml.safe_load((ROOT / "tools.yaml").read_text("utf-8"))
    module = spec["targets"]["python"]["module"]
    source = ROOT / "generated" / "python" / "src" / module.replace(".", "/")
    wheel = build_and_install(ROOT / "generated" / "python", tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    folder = module.replace(".", "/")
    for path in source.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            assert f"{folder}/{path.relative_to(source).as_posix()}" in names
    done = installed_run(
        tmp_path / "site",
        "-c",
        f"import {module}.tools as t, {module}.client as c; print(t.__file__); "
        "print(len(t.TOOLS))",
    )
    assert done.returncode == 0, done.stderr
    where, count = done.stdout.splitlines()
    assert where.startswith(str(tmp_path / "site"))
    assert int(count) == len(spec["tools"])
    # The prompt texts are files of the package, read where it is installed.
    texts = installed_run(
        tmp_path / "site",
        "-c",
        f"import {module}.prompts as p; print(p.__file__); print(p.MCP_PROMPT, end='')",
    )
    assert texts.returncode == 0, texts.stderr
    where, prompt = texts.stdout.split("\n", 1)
    assert where.startswith(str(tmp_path / "site"))
    docs = (ROOT / "generated" / "docs" / "prompt.mcp.md").read_text("utf-8")
    assert prompt == docs.split("\n", 1)[1]


@pytest.mark.slow
def test_a_console_script_is_installed_by_its_name(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(HOSTILE, project / "tools.yaml")
    subprocess.run(
        ["node", str(ROOT / "bin" / "toolgen.mjs")], cwd=project, check=True,
        capture_output=True,
    )  # fmt: skip
    build_and_install(project / "generated" / "python", tmp_path)
    python = yaml.safe_load(HOSTILE.read_text("utf-8"))["targets"]["python"]
    script = tmp_path / "site" / "bin" / python["cli"]
    assert script.exists()
    done = installed_run(tmp_path / "site", str(script), "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Usage: {python['cli']} ")
