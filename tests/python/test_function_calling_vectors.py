"""The shared function-calling vectors (tests/vectors/function-calling/*.json) replayed against
the Python runtime's dispatch, as tests/vectors/function-calling.test.ts replays them against the
TypeScript package: the same text and the same failure flag for every case."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from conftest import ROOT
from toolgen_core.data import SpecData
from toolgen_core.function_calling import Dispatcher
from toolgen_core.handler import HandlerContext, LocalHandler

VECTORS = ROOT / "tests" / "vectors" / "function-calling"
CASES = [
    pytest.param(
        json.loads(path.read_text("utf-8")), case, id=f"{path.name}: {case['name']}"
    )
    for path in sorted(VECTORS.glob("*.json"))
    for case in json.loads(path.read_text("utf-8"))["cases"]
]


class HandlerFailure(Exception):
    """A handler's failure that is no bug: the model reads it."""


class RefusingClient:
    """The client of a case whose tool never reaches the platform: it fails the case if called."""

    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise AssertionError(f"the client must not be called ({name})")


def handlers_for(spec: SpecData, case: dict[str, Any]) -> dict[str, LocalHandler]:
    """Every local tool's handler, answering as the case says."""

    async def handle(input: dict[str, object], ctx: HandlerContext) -> object:
        given = case.get("handler")
        assert given is not None, f"no handler expected in {case['name']!r}"
        assert isinstance(ctx, HandlerContext)
        if "raises" in given:
            raise HandlerFailure(given["raises"])
        if given.get("echo"):
            return input
        return given["returns"]

    return {t["name"]: handle for t in spec["client"]["tools"] if t["local"]}


@pytest.mark.anyio
@pytest.mark.parametrize(("vectors", "case"), CASES)
async def test_vector(
    reference_spec: SpecData, vectors: dict[str, Any], case: dict[str, Any]
) -> None:
    assert "platform" not in case, "platform cases need the client's server runner"
    dispatcher = Dispatcher(reference_spec)
    result = await dispatcher.dispatch_result(
        case["tool"],
        case["arguments"],
        client=RefusingClient(),
        handlers=handlers_for(reference_spec, case),
    )
    if "text" in case:
        assert result.text == case["text"]
    else:
        assert result.text.startswith(case["textStartsWith"]), result.text
    assert result.is_error is case["isError"]
    assert (
        await dispatcher.dispatch(
            case["tool"],
            case["arguments"],
            client=RefusingClient(),
            handlers=handlers_for(reference_spec, case),
        )
        == result.text
    )
