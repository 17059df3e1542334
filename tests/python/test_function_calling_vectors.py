"""The shared function-calling vectors (tests/vectors/function-calling/*.json) replayed against
the Python runtime's dispatch, as tests/vectors/function-calling.test.ts replays them against the
TypeScript package: the same text and the same failure flag for every case."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from conftest import ROOT
from platform_server import Platform, running_platform
from toolgen_core.client import client_from_env
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


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with running_platform() as running:
        yield running


@pytest.mark.anyio
@pytest.mark.parametrize(("vectors", "case"), CASES)
async def test_vector(
    reference_spec: SpecData,
    platform: Platform,
    vectors: dict[str, Any],
    case: dict[str, Any],
) -> None:
    platform.reset()
    dispatcher = Dispatcher(reference_spec)
    handlers = handlers_for(reference_spec, case)
    if "platform" not in case:
        result = await dispatcher.dispatch_result(
            case["tool"], case["arguments"], client=RefusingClient(), handlers=handlers
        )
    else:
        answer = case["platform"]
        platform.reply(answer["status"], answer.get("body"), has_body="body" in answer)
        names = reference_spec["client"]["env"]
        env = vectors["env"]
        env = {
            names["baseUrl"]: platform.url,
            names["workspaceId"]: env["workspaceId"],
            names["token"]: env["token"],
        }
        async with client_from_env(reference_spec["client"], env) as client:
            result = await dispatcher.dispatch_result(
                case["tool"], case["arguments"], client=client, handlers=handlers
            )
    assert result.text == case["text"]
    assert result.is_error is case["isError"]
    if "sent" in case:
        assert len(platform.requests) == case["sent"]
    if "request" in case:
        seen = platform.requests[0]
        assert (seen.method, seen.path) == (
            case["request"]["method"],
            case["request"]["path"],
        )
        if "body" in case["request"]:
            assert seen.body == case["request"]["body"]


@pytest.mark.anyio
async def test_dispatch_answers_the_text_of_dispatch_result(
    reference_spec: SpecData,
) -> None:
    async def identity(input: dict[str, object], ctx: HandlerContext) -> object:
        return {"model": "m"}

    dispatcher = Dispatcher(reference_spec)
    handlers: dict[str, LocalHandler] = {"get_runtime_identity": identity}
    text = await dispatcher.dispatch(
        "get_runtime_identity", None, client=RefusingClient(), handlers=handlers
    )
    assert text == '{"model":"m"}'
