"""The shared LangChain vectors (tests/vectors/langchain/*.json) against the Python runtime's
LangChain tools over the reference spec, through ``ainvoke`` and ``invoke`` alike;
tests/vectors/langchain.test.ts replays the same files against the TypeScript package."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from conftest import ROOT
from langchain_core.tools import StructuredTool
from toolgen_core.data import SpecData
from toolgen_core.errors import ClientError
from toolgen_core.handler import HandlerContext, LocalHandler
from toolgen_core.langchain_tools import ToolTable, create_tools

VECTORS = sorted((ROOT / "tests" / "vectors" / "langchain").glob("*.json"))
CASES = [
    pytest.param(case, id=f"{path.stem}: {case['name']}")
    for path in VECTORS
    for case in json.loads(path.read_text("utf-8"))["cases"]
]


class Recording:
    """A client and handlers that note every call that reaches them: none should."""

    def __init__(self) -> None:
        self.reached: list[str] = []

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        self.reached.append(name)
        return None

    def handler(self, name: str) -> LocalHandler:
        async def handle(input: dict[str, object], ctx: HandlerContext) -> object:
            self.reached.append(name)
            return None

        return handle


def _tool(spec: SpecData, name: str, seen: Recording) -> StructuredTool:
    table = ToolTable.from_spec(spec)
    handlers = {t.name: seen.handler(t.name) for t in table.tools if t.local}
    made = create_tools(table, client=seen, handlers=handlers)
    return next(t for t in made if t.name == name)


def _input(case: dict[str, Any]) -> object:
    if case["as"] == "tool_call":
        return {
            "type": "tool_call",
            "id": "call-1",
            "name": case["tool"],
            "args": case["arguments"],
        }
    return case["arguments"]


def _outcome(error: ClientError) -> dict[str, str]:
    return {"class": type(error).__name__, "message": str(error)}


@pytest.mark.anyio
@pytest.mark.parametrize("case", CASES)
async def test_langchain_vector_ainvoke(
    case: dict[str, Any], reference_spec: SpecData
) -> None:
    seen = Recording()
    tool = _tool(reference_spec, case["tool"], seen)
    with pytest.raises(ClientError) as raised:
        await tool.ainvoke(_input(case))
    assert _outcome(raised.value) == case["error"]
    assert seen.reached == []


@pytest.mark.parametrize("case", CASES)
def test_langchain_vector_invoke(
    case: dict[str, Any], reference_spec: SpecData
) -> None:
    seen = Recording()
    tool = _tool(reference_spec, case["tool"], seen)
    with pytest.raises(ClientError) as raised:
        tool.invoke(_input(case))
    assert _outcome(raised.value) == case["error"]
    assert seen.reached == []


def test_the_vectors_are_there() -> None:
    assert len(CASES) >= 8
