"""The reference spec's HTTP tools as LangChain tools, through the real client against a real
platform server on 127.0.0.1: what is sent, what the model reads back, with invoke and ainvoke."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from platform_server import Platform, running_platform
from toolgen_core.client import Client, client_from_env
from toolgen_core.data import SpecData
from toolgen_core.errors import InputError, PlatformError
from toolgen_core.handler import HandlerContext
from toolgen_core.langchain_tools import ToolTable, create_tools

TOKEN = "tok-primary-1f2e"


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with running_platform() as running:
        yield running


@pytest.fixture
def client(reference_spec: SpecData, platform: Platform) -> Client:
    platform.reset()
    names = reference_spec["client"]["env"]
    env = {
        names["baseUrl"]: platform.url,
        names["workspaceId"]: "ws-primary",
        names["token"]: TOKEN,
    }
    return client_from_env(reference_spec["client"], env)


def by_name(spec: SpecData, client: Client, **options: object) -> dict[str, BaseTool]:
    async def unused(input: dict[str, object], ctx: HandlerContext) -> object:
        raise AssertionError("no local tool is called here")

    handlers = {t["name"]: unused for t in spec["client"]["tools"] if t["local"]}
    tools = create_tools(
        ToolTable.from_spec(spec),
        client=client,
        handlers=handlers,
        **options,  # type: ignore[arg-type]
    )
    return {t.name: t for t in tools}


@pytest.mark.anyio
async def test_ainvoke_sends_the_call_and_answers_the_platforms_json(
    reference_spec: SpecData, platform: Platform, client: Client
) -> None:
    platform.reply(202, {"delegation_id": "d-1", "status": "queued"})
    tool = by_name(reference_spec, client)["delegate_task_async"]
    result = await tool.ainvoke({"workspace_id": "ws-b", "task": "summarise"})
    assert result == '{"delegation_id":"d-1","status":"queued"}'
    [seen] = platform.requests
    assert (seen.method, seen.path) == ("POST", "/workspaces/ws-primary/delegate")
    assert seen.body == {"target_id": "ws-b", "task": "summarise"}
    assert seen.headers["authorization"] == f"Bearer {TOKEN}"
    await client.aclose()


def test_sync_invoke_works_with_no_event_loop_running_call_after_call(
    reference_spec: SpecData, platform: Platform, client: Client
) -> None:
    platform.reply(200, {"peers": []})
    tool = by_name(reference_spec, client)["list_peers"]
    # Each sync invoke runs its own event loop: the second must not trip over the first's.
    assert tool.invoke({}) == '{"peers":[]}'
    assert tool.invoke({}) == '{"peers":[]}'
    assert [s.path for s in platform.requests] == ["/registry/ws-primary/peers"] * 2


@pytest.mark.anyio
async def test_a_default_is_filled_in_before_the_call(
    reference_spec: SpecData, platform: Platform, client: Client
) -> None:
    platform.reply(201, {"id": "m-1"})
    tool = by_name(reference_spec, client)["commit_memory"]
    assert await tool.ainvoke({"content": "green"}) == '{"id":"m-1"}'
    [seen] = platform.requests
    assert seen.body == {
        "content": "green",
        "scope": "LOCAL",
        "workspace_id": "ws-primary",
    }
    await client.aclose()


@pytest.mark.anyio
async def test_the_platforms_refusal_is_text_or_an_error_tool_message(
    reference_spec: SpecData, platform: Platform, client: Client
) -> None:
    platform.reply(404, {"error": "no peer named ghost"})
    tool = by_name(reference_spec, client)["delegate_task_async"]
    args = {"workspace_id": "ghost", "task": "t"}
    expected = "Error from delegate_task_async (HTTP 404): no peer named ghost"
    assert await tool.ainvoke(args) == expected
    message = await tool.ainvoke(
        {"id": "call_3", "name": tool.name, "args": args, "type": "tool_call"}
    )
    assert isinstance(message, ToolMessage)
    assert (message.status, message.tool_call_id, message.content) == (
        "error",
        "call_3",
        expected,
    )
    assert TOKEN not in expected
    thrown = by_name(reference_spec, client, throw_on_error=True)["delegate_task_async"]
    with pytest.raises(PlatformError) as raised:
        await thrown.ainvoke(args)
    assert raised.value.status == 404
    await client.aclose()


@pytest.mark.anyio
async def test_nothing_is_sent_for_an_unknown_workspace_or_an_invalid_input(
    reference_spec: SpecData, platform: Platform, client: Client
) -> None:
    tools = by_name(reference_spec, client)
    result = await tools["list_peers"].ainvoke({"source_workspace_id": "ws-nobody"})
    assert result == (
        'Error from list_peers: workspace "ws-nobody" is not configured in this client'
        ' (configured: "ws-primary")'
    )
    with pytest.raises(InputError, match="before_ts must be a valid date-time"):
        await tools["chat_history"].ainvoke({"peer_id": "p", "before_ts": "yesterday"})
    assert platform.requests == []
    await client.aclose()
