"""The shared rich-text vectors (tests/vectors/rich-text/*.json): a rich result as the targets
that read only text see it; tests/vectors/rich-text.test.ts replays them in TypeScript."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from toolgen_core.rich_text import checked_result, rich_text
from toolgen_core.tool_result import ToolResult

VECTORS = sorted((ROOT / "tests" / "vectors" / "rich-text").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(Path(path).read_text("utf-8"))["cases"]
]


@pytest.mark.parametrize("case", CASES)
def test_rich_text_vector(case: dict[str, Any]) -> None:
    given = case["result"]
    result = ToolResult(
        content=given.get("content", ()),
        structured_content=given.get("structuredContent"),
    )
    if "error" in case:
        with pytest.raises(ValueError) as raised:
            checked_result("show", result)
        assert str(raised.value) == case["error"]
    else:
        assert rich_text(checked_result("show", result)) == case["text"]
