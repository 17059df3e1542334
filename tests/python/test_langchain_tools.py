"""The LangChain tools of the Python runtime with real ``langchain-core``: invoke and ainvoke,
local handlers, inputs named like Python keywords and like LangChain's own arguments, the
LangChain view (its description, its hidden inputs), validation before anything runs, and
errors as the model reads them. The spec is a small neutral one written here."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from toolgen_core.data import SpecData
from toolgen_core.errors import InputError
from toolgen_core.handler import HandlerContext, LocalHandler, from_kwargs
from toolgen_core.langchain_tools import ToolTable, create_tools
from toolgen_core.results import NO_CONTENT, to_json

# Names a spec may give inputs that Python or LangChain hold for their own use.
AWKWARD = ["from", "class", "lambda", "config", "run_manager", "callbacks", "input"]

COPY_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {
        **{name: {"type": "string"} for name in AWKWARD},
        "owner": {"type": "string", "default": "nobody"},
        "count": {"type": "integer", "default": 1},
    },
    "required": ["from", "owner"],
}
READ_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {"id": {"type": "string"}},
    "required": ["id"],
    "additionalProperties": False,
}


def tool_data(
    name: str, section: str, schema: dict[str, object], **views: object
) -> dict[str, object]:
    return {
        "name": name,
        "method": name,
        "section": section,
        "short": f"The short of {name}.",
        "local": True,
        "inputSchema": schema,
        "outputSchema": None,
        "idempotent": False,
        "http": None,
        **({"views": views} if views else {}),
    }


SPEC: SpecData = {  # type: ignore[typeddict-item]
    "client": {
        "env": {"baseUrl": "B", "workspaceId": "W", "token": "T", "workspaces": "WS"},
        "tools": [
            tool_data(
                "copy_note",
                "notes",
                COPY_SCHEMA,
                langchain={
                    "description": "Copies a note (as LangChain shows it).",
                    "hide": ["owner"],
                },
                mcp={"description": "Not this one."},
            ),
            tool_data("read_note", "files", READ_SCHEMA),
        ],
    },
    "langchain": {
        "sections": ["notes", "files"],
        "tools": [
            {
                "name": "copy_note",
                "whenToUse": "When a note is needed twice.",
                "renamedFrom": [],
            },
            {
                "name": "read_note",
                "whenToUse": "To read one.",
                "renamedFrom": ["fetch_note"],
            },
        ],
    },
    "patterns": {},
}
TABLE = ToolTable.from_spec(SPEC)


class NeverCalled:
    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise AssertionError("the client must not be called")


CLIENT = NeverCalled()


class Recorder:
    """Handlers that record what they got and answer as told."""

    def __init__(
        self, answer: object = "ok", raises: BaseException | None = None
    ) -> None:
        self.calls: list[tuple[dict[str, object], HandlerContext]] = []
        self.answer = answer
        self.raises = raises

    async def __call__(self, input: dict[str, object], ctx: HandlerContext) -> object:
        self.calls.append((input, ctx))
        if self.raises is not None:
            raise self.raises
        return self.answer


def tools_with(handler: LocalHandler, **options: Any) -> dict[str, BaseTool]:
    made = create_tools(
        TABLE,
        client=CLIENT,
        handlers={"copy_note": handler, "read_note": handler},
        **options,
    )
    return {t.name: t for t in made}


def test_the_langchain_view_gives_description_and_schema() -> None:
    tool = tools_with(Recorder())["copy_note"]
    assert tool.description == "Copies a note (as LangChain shows it)."
    assert isinstance(tool.args_schema, dict)
    assert "owner" not in tool.args_schema["properties"]
    assert tool.args_schema["required"] == ["from"]
    assert set(tool.args_schema["properties"]) == set(AWKWARD) | {"count"}
    # The short, when the spec gives no LangChain description; when_to_use on request.
    read = tools_with(Recorder(), append_when_to_use=True)["read_note"]
    assert read.description == "The short of read_note.\n\nTo read one."


def test_the_schema_given_to_langchain_is_a_copy() -> None:
    tool = tools_with(Recorder())["copy_note"]
    assert isinstance(tool.args_schema, dict)
    tool.args_schema["properties"].clear()
    again = tools_with(Recorder())["copy_note"]
    assert isinstance(again.args_schema, dict)
    assert again.args_schema["properties"]


def every_awkward_input() -> dict[str, object]:
    return {name: f"value of {name}" for name in AWKWARD}


def test_sync_invoke_passes_every_input_name_through() -> None:
    handler = Recorder(answer={"copied": True})
    given = every_awkward_input()
    assert tools_with(handler)["copy_note"].invoke(given) == '{"copied":true}'
    [(input, ctx)] = handler.calls
    # Hidden "owner" and "count" left out: their defaults filled in.
    assert input == {**given, "owner": "nobody", "count": 1}
    assert ctx.client is CLIENT


@pytest.mark.anyio
async def test_ainvoke_passes_every_input_name_through() -> None:
    handler = Recorder()
    given = every_awkward_input()
    assert await tools_with(handler)["copy_note"].ainvoke(given) == "ok"
    [(input, _)] = handler.calls
    assert input == {**given, "owner": "nobody", "count": 1}


@pytest.mark.anyio
async def test_a_keyword_argument_coroutine_gets_keyword_named_inputs_through_kwargs() -> (
    None
):
    seen: dict[str, object] = {}

    async def copy(count: int, **rest: object) -> str:
        seen.update(rest, count=count)
        return "copied"

    tools = create_tools(
        TABLE,
        client=CLIENT,
        handlers={"copy_note": from_kwargs(copy), "read_note": Recorder()},
    )
    result = await tools[0].ainvoke({"from": "a", "class": "b", "count": 3})
    assert result == "copied"
    assert seen == {"from": "a", "class": "b", "count": 3, "owner": "nobody"}


def test_a_hidden_input_is_never_sent() -> None:
    handler = Recorder()
    tools_with(handler)["copy_note"].invoke({"from": "a", "owner": "someone else"})
    [(input, _)] = handler.calls
    assert input["owner"] == "nobody"


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({}, "from is required"),
        ({"from": 7}, "from must be a string"),
        ({"from": "a", "count": "two"}, "count must be an integer"),
    ],
)
def test_invalid_input_raises_the_clients_input_error_and_runs_nothing(
    given: dict[str, object], problem: str
) -> None:
    handler = Recorder()
    tool = tools_with(handler)["copy_note"]
    with pytest.raises(InputError) as raised:
        tool.invoke(given)
    assert str(raised.value) == f"invalid input for copy_note: {problem}"
    assert raised.value.problems == (problem,)
    with pytest.raises(InputError):
        asyncio.run(tool.ainvoke(given))
    assert handler.calls == []


def test_an_input_the_schema_does_not_allow_is_refused() -> None:
    handler = Recorder()
    with pytest.raises(
        InputError, match="^invalid input for read_note: extra is not a known field$"
    ):
        tools_with(handler)["read_note"].invoke({"id": "n-1", "extra": 1})
    assert handler.calls == []


def test_a_string_input_is_refused_by_langchain() -> None:
    with pytest.raises(ValueError, match="String tool inputs are not allowed"):
        tools_with(Recorder())["read_note"].invoke("n-1")


class Gone(Exception):
    pass


def test_a_handlers_failure_is_the_text_the_model_reads() -> None:
    tool = tools_with(Recorder(raises=Gone("read_note: n-1 is gone")))["read_note"]
    assert tool.invoke({"id": "n-1"}) == "Error from read_note: n-1 is gone"


@pytest.mark.anyio
async def test_through_a_tool_call_a_failure_is_an_error_tool_message() -> None:
    tool = tools_with(Recorder(raises=Gone("n-1 is gone")))["read_note"]
    call = {
        "id": "call_1",
        "name": "read_note",
        "args": {"id": "n-1"},
        "type": "tool_call",
    }
    message = await tool.ainvoke(call)
    assert isinstance(message, ToolMessage)
    assert message.status == "error"
    assert message.tool_call_id == "call_1"
    assert message.content == "Error from read_note: n-1 is gone"
    ok = await tools_with(Recorder(answer=None))["read_note"].ainvoke(call)
    assert isinstance(ok, ToolMessage)
    assert (ok.status, ok.content) == ("success", NO_CONTENT)


def test_throw_on_error_raises_the_handlers_own_error() -> None:
    error = Gone("n-1 is gone")
    tool = tools_with(Recorder(raises=error), throw_on_error=True)["read_note"]
    with pytest.raises(Gone) as raised:
        tool.invoke({"id": "n-1"})
    assert raised.value is error


@pytest.mark.parametrize("bug", [TypeError("bad"), AttributeError("x"), NameError("y")])
def test_a_bug_in_a_handler_is_raised_not_shown(bug: Exception) -> None:
    tool = tools_with(Recorder(raises=bug))["read_note"]
    with pytest.raises(type(bug)):
        tool.invoke({"id": "n-1"})


def test_structured_answers_are_json_as_javascript_writes_them() -> None:
    answer = {"size": 2.0, "ratio": 1e-7, "name": "é"}
    tool = tools_with(Recorder(answer=answer))["read_note"]
    assert (
        tool.invoke({"id": "n-1"})
        == to_json(answer)
        == '{"size":2,"ratio":1e-7,"name":"é"}'
    )


@pytest.mark.anyio
async def test_sync_invoke_inside_a_running_loop_says_to_use_ainvoke() -> None:
    handler = Recorder()
    with pytest.raises(RuntimeError, match="await the async form \\(ainvoke\\)"):
        tools_with(handler)["read_note"].invoke({"id": "n-1"})
    assert handler.calls == []


def test_each_local_tool_needs_a_handler() -> None:
    with pytest.raises(
        TypeError, match="no handler for the local tools 'copy_note', 'read_note'"
    ):
        create_tools(TABLE, client=CLIENT)
    with pytest.raises(TypeError, match="no handler for the local tool 'read_note'$"):
        create_tools(TABLE, client=CLIENT, handlers={"copy_note": Recorder()})
    # A selection that leaves a local tool out needs no handler for it.
    [only] = create_tools(
        TABLE, client=CLIENT, names=["copy_note"], handlers={"copy_note": Recorder()}
    )
    assert only.name == "copy_note"


def test_the_options_are_checked() -> None:
    with pytest.raises(TypeError, match="'client' must be the platform client"):
        create_tools(TABLE, client=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'sections' must be a list of strings"):
        create_tools(TABLE, client=CLIENT, sections="notes")
    with pytest.raises(
        ValueError, match="unknown tool 'fetch_note' \\(renamed to 'read_note'\\)"
    ):
        create_tools(TABLE, client=CLIENT, names=["fetch_note"])


def test_tools_come_in_spec_order_whatever_the_selection_order() -> None:
    handlers = {"copy_note": Recorder(), "read_note": Recorder()}
    made = create_tools(
        TABLE, client=CLIENT, handlers=handlers, names=["read_note", "copy_note"]
    )
    assert [t.name for t in made] == [t["name"] for t in SPEC["client"]["tools"]]
    assert json.dumps(made[0].args_schema) != json.dumps(COPY_SCHEMA)
