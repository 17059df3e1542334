"""The shared output-schema vectors (tests/vectors/mcp-output/calls.json) against the Python
server's ``handle_tool_call``, over the spec.json of the package generated from the spec beside
them; tests/runtime/mcp/output-vectors.test.ts runs them against the TypeScript package."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import cast

import pytest
from conftest import ROOT, generate
from toolgen_core.data import SpecData
from toolgen_core.handler import HandlerContext, LocalHandler
from toolgen_core.mcp_answers import ToolAnswers
from toolgen_core.mcp_table import load_table
from toolgen_core.tool_result import ToolResult

FOLDER = ROOT / "tests" / "vectors" / "mcp-output"
CASES = [
    pytest.param(case, id=case["name"])
    for case in json.loads((FOLDER / "calls.json").read_text("utf-8"))["cases"]
]


@pytest.fixture(scope="module")
def spec(tmp_path_factory: pytest.TempPathFactory) -> SpecData:
    """The spec.json of the Python package generated from the vectors' tools.yaml."""
    project = tmp_path_factory.mktemp("mcp-output")
    package = generate(project, (FOLDER / "tools.yaml").read_text("utf-8"))
    found = list((package / "src").glob("*/spec.json"))
    assert len(found) == 1
    return cast(SpecData, json.loads(found[0].read_text("utf-8")))


class Platform:
    """The platform client, answering as the case says."""

    def __init__(self, case: Mapping[str, object]) -> None:
        platform = case.get("platform", {})
        assert isinstance(platform, dict)
        self.answer = platform.get("answer")

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        return self.answer


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
async def test_mcp_output_vector(case: dict[str, object], spec: SpecData) -> None:
    table = load_table(spec)
    behaviour = case.get("handler", {})
    assert isinstance(behaviour, dict)
    handlers = {name: _handler(behaviour) for name in table.local}
    answers = ToolAnswers(table, Platform(case), handlers)
    arguments = case["arguments"]
    assert isinstance(arguments, dict)
    result = await answers.handle_tool_call(str(case["tool"]), arguments)
    assert result == case["expected"]


def test_the_vectors_cover_fitting_failing_and_plain_answers() -> None:
    kinds = {
        "error"
        if c.values[0]["expected"].get("isError")
        else "fit"
        if "structuredContent" in c.values[0]["expected"]
        else "plain"
        for c in CASES
    }
    assert kinds == {"error", "fit", "plain"}
