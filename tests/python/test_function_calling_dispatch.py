"""What dispatch raises rather than answers, as dispatch.ts does: the caller's own mistakes (no
client, a local tool without a handler), a bug in a handler, and a cancelled call."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest
from toolgen_core.data import SpecData
from toolgen_core.function_calling import Dispatcher, DispatchResult
from toolgen_core.handler import HandlerContext, from_kwargs
from toolgen_core.tool_result import ToolResult, image_content


class NeverCalled:
    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise AssertionError("the client must not be called")


def a_local_tool(spec: SpecData) -> str:
    return next(
        t["name"]
        for t in spec["client"]["tools"]
        if t["local"] and not t["inputSchema"].get("required")
    )


@pytest.mark.anyio
async def test_a_client_is_required(reference_spec: SpecData) -> None:
    with pytest.raises(
        TypeError, match="^dispatch: 'client' must be the platform client"
    ):
        await Dispatcher(reference_spec).dispatch("anything", None, client=object())  # type: ignore[arg-type]


@pytest.mark.anyio
async def test_a_local_tool_without_a_handler_is_the_callers_mistake(
    reference_spec: SpecData,
) -> None:
    name = a_local_tool(reference_spec)
    with pytest.raises(
        TypeError, match=f"^dispatch: no handler for the local tool '{name}'$"
    ):
        await Dispatcher(reference_spec).dispatch(
            name, "{}", client=NeverCalled(), handlers={}
        )


@pytest.mark.anyio
@pytest.mark.parametrize("bug", [TypeError("t"), AttributeError("a"), NameError("n")])
async def test_a_bug_in_a_handler_is_raised(
    reference_spec: SpecData, bug: Exception
) -> None:
    async def broken(input: dict[str, object], ctx: HandlerContext) -> object:
        raise bug

    name = a_local_tool(reference_spec)
    with pytest.raises(type(bug)):
        await Dispatcher(reference_spec).dispatch(
            name, None, client=NeverCalled(), handlers={name: broken}
        )


@pytest.mark.anyio
async def test_a_cancelled_call_stays_cancelled(reference_spec: SpecData) -> None:
    started = asyncio.Event()

    async def waits(input: dict[str, object], ctx: HandlerContext) -> object:
        started.set()
        await asyncio.sleep(3600)
        return None

    name = a_local_tool(reference_spec)
    task = asyncio.create_task(
        Dispatcher(reference_spec).dispatch(
            name, None, client=NeverCalled(), handlers={name: waits}
        )
    )
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@pytest.mark.anyio
async def test_a_keyword_argument_coroutine_is_a_handler(
    reference_spec: SpecData,
) -> None:
    seen: list[HandlerContext] = []

    async def identity(ctx: HandlerContext) -> dict[str, str]:
        seen.append(ctx)
        return {"model": "m-1"}

    client = NeverCalled()
    name = a_local_tool(reference_spec)
    text = await Dispatcher(reference_spec).dispatch(
        name, {}, client=client, handlers={name: from_kwargs(identity)}
    )
    assert text == '{"model":"m-1"}'
    assert seen[0].client is client


@pytest.mark.anyio
async def test_a_rich_result_is_text_naming_each_image_with_its_content_beside(
    reference_spec: SpecData,
) -> None:
    png = (
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQ"
        "AAAABJRU5ErkJggg=="
    )
    content = ({"type": "text", "text": "the chart"}, image_content(png, "image/png"))

    async def chart(input: dict[str, object], ctx: HandlerContext) -> object:
        return ToolResult(content=content, structured_content={"n": 1})

    async def broken(input: dict[str, object], ctx: HandlerContext) -> object:
        return ToolResult(content=({"type": "image"},))

    name = a_local_tool(reference_spec)
    dispatcher = Dispatcher(reference_spec)
    result = await dispatcher.dispatch_result(
        name, {}, client=NeverCalled(), handlers={name: chart}
    )
    assert result == DispatchResult(
        text="the chart\n\n[image/png image, 70 bytes, not shown]",
        is_error=False,
        content=content,
        structured_content={"n": 1},
    )
    refused = await dispatcher.dispatch_result(
        name, {}, client=NeverCalled(), handlers={name: broken}
    )
    assert refused.is_error
    assert "content[0] (image) has no data" in refused.text
