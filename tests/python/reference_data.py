"""The reference spec's data in the shape of a generated Python package's spec.json, read from
the TypeScript packages' data files (both are written from one model): what the tests of
toolgen's Python runtime, and the launchers they start as processes, run on."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime" / "python"))

from toolgen_core.data import SpecData

PARTS = {
    "client": "client/tools.json",
    "mcp": "mcp/tools.json",
    "langchain": "langchain/tools.json",
    "cli": "cli/commands.json",
    "functionCalling": "function-calling/tools.json",
}


def reference_spec() -> SpecData:
    """A fresh copy each call: a caller may change it."""
    spec: dict[str, object] = {"patterns": {}}
    for key, path in PARTS.items():
        data = json.loads((ROOT / "generated" / path).read_text("utf-8"))
        data.pop("//", None)
        spec[key] = data
    return spec  # type: ignore[return-value]
