"""toolgen's Python runtime passes ``mypy --strict`` and ``ruff check`` with its default rules,
for Python 3.10 as its floor, as every generated package that carries it must."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import MYPY_CACHE, ROOT

RUNTIME = ROOT / "runtime" / "python" / "toolgen_core"
PACKAGE = ROOT / "generated" / "python"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_runtime_passes_mypy_strict() -> None:
    r = run(
        "mypy",
        "--strict",
        "--python-version",
        "3.10",
        "--cache-dir",
        MYPY_CACHE,
        str(RUNTIME),
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_runtime_passes_ruff() -> None:
    r = run("ruff", "check", "--no-cache", "--target-version", "py310", str(RUNTIME))
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.slow
def test_reference_package_passes_mypy_strict() -> None:
    # The package's own pyproject.toml sets strict and Python 3.10.
    r = run(
        "mypy",
        "--cache-dir",
        MYPY_CACHE,
        "--config-file",
        str(PACKAGE / "pyproject.toml"),
        str(PACKAGE / "src"),
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_reference_package_passes_ruff() -> None:
    r = run("ruff", "check", "--no-cache", str(PACKAGE))
    assert r.returncode == 0, r.stdout + r.stderr
