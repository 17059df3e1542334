"""Shared fixtures of the Python tests.

``toolgen_core`` (runtime/python) is importable as it is, for the tests of the runtime itself;
generated packages are imported by their module names, as a consumer would.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# mypy's cache, in the virtual environment's folder (git ignores it, and it goes with .venv).
MYPY_CACHE = str(ROOT / ".venv" / "mypy-cache")
sys.path.insert(0, str(ROOT / "runtime" / "python"))

import reference_data
from toolgen_core.data import SpecData


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def reference_spec() -> SpecData:
    """The reference spec's data, in the shape of a generated Python package's spec.json."""
    return reference_data.reference_spec()


def generate(project: Path, spec_text: str) -> Path:
    """Writes ``spec_text`` as ``project``'s tools.yaml and runs toolgen there, as a user does
    (it must succeed); the generated Python package's folder."""
    import subprocess

    (project / "tools.yaml").write_text(spec_text, "utf-8")
    done = subprocess.run(
        ["node", str(ROOT / "bin" / "toolgen.mjs")],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return project / "generated" / "python"
