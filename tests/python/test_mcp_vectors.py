"""The shared MCP vectors (tests/vectors/mcp/*.json) against the Python server's
``handle_tool_call``; tests/runtime/mcp/vectors.test.ts runs them against the TypeScript
package."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import ROOT
from toolgen_core.data import SpecData
from toolgen_core.handler import HandlerContext, LocalHandler
from toolgen_core.mcp_answers import ToolAnswers, UnknownToolError
from toolgen_core.mcp_table import load_table
from toolgen_core.tool_result import ToolResult

VECTORS = sorted((ROOT / "tests" / "vectors" / "mcp").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(Path(path).read_text("utf-8"))["cases"]
]


class PlatformError(Exception):
    def __init__(self, message: str, status: int | None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class Platform:
    """The platform client as the case says it answers."""

    def __init__(self, case: Mapping[str, object]) -> None:
        self.case = case.get("platform", {})

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        assert isinstance(self.case, dict)
        if "error" in self.case:
            error = self.case["error"]
            raise PlatformError(error["message"], error.get("status"))
        if self.case.get("echo"):
            return dict(input or {})
        return self.case.get("answer")


def _handler(behaviour: Mapping[str, object]) -> LocalHandler:
    async def handle(input: dict[str, object], ctx: HandlerContext) -> object:
        if "raise" in behaviour:
            raise RuntimeError(str(behaviour["raise"]))
        result = behaviour.get("result")
        if isinstance(result, dict):
            return ToolResult(
                content=result.get("content", ()),
                structured_content=result.get("structuredContent"),
                is_error=result.get("isError", False),
            )
        return behaviour.get("return")

    return handle


@pytest.mark.anyio
@pytest.mark.parametrize("case", CASES)
async def test_mcp_vector(case: dict[str, object], reference_spec: SpecData) -> None:
    table = load_table(reference_spec)
    behaviour = case.get("handler", {})
    assert isinstance(behaviour, dict)
    handlers = {name: _handler(behaviour) for name in table.local}
    answers = ToolAnswers(table, Platform(case), handlers)
    arguments = case["arguments"]
    assert isinstance(arguments, dict)
    try:
        result: object = await answers.handle_tool_call(str(case["tool"]), arguments)
    except UnknownToolError as error:
        result = {"error": {"code": error.code, "message": error.message}}
    assert result == (
        case["expected"] if "error" not in case else {"error": case["error"]}
    )


def test_the_vectors_are_there() -> None:
    assert len(CASES) >= 10
