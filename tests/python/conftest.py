"""Shared fixtures of the Python tests.

``toolgen_core`` (runtime/python) is importable as it is, for the tests of the runtime itself;
generated packages are imported by their module names, as a consumer would.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# mypy's cache, in the virtual environment's folder (git ignores it, and it goes with .venv).
MYPY_CACHE = str(ROOT / ".venv" / "mypy-cache")
sys.path.insert(0, str(ROOT / "runtime" / "python"))

from toolgen_core.data import SpecData


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _read(path: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((ROOT / "generated" / path).read_text("utf-8"))
    data.pop("//", None)
    return data


@pytest.fixture(scope="session")
def reference_spec() -> SpecData:
    """The reference spec's data, in the shape of a generated Python package's spec.json, taken
    from the TypeScript packages' data files (the two are written from one model)."""
    spec = {
        "client": _read("client/tools.json"),
        "mcp": _read("mcp/tools.json"),
        "langchain": _read("langchain/tools.json"),
        "cli": _read("cli/commands.json"),
        "functionCalling": _read("function-calling/tools.json"),
        "patterns": {},
    }
    return spec  # type: ignore[return-value]
