"""The shared handler-context vectors (tests/vectors/handler-context/*.json): a handler's context
outside MCP; tests/vectors/handler-context.test.ts replays them in TypeScript."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from toolgen_core.handler import HandlerContext

VECTORS = sorted((ROOT / "tests" / "vectors" / "handler-context").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(Path(path).read_text("utf-8"))["cases"]
]


class _NoPlatform:
    async def call(self, name: str, input: object = None) -> object:
        raise RuntimeError("no platform")


@pytest.mark.anyio
@pytest.mark.parametrize("case", CASES)
async def test_handler_context_vector(case: dict[str, Any]) -> None:
    ctx = HandlerContext(_NoPlatform(), via=case["via"])
    answer = getattr(ctx, case["call"])(*case["args"])
    if "error" in case:
        with pytest.raises((TypeError, RuntimeError)) as raised:
            await answer
        assert str(raised.value) == case["error"]
    else:
        assert await answer is None
