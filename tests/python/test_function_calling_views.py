"""The function-calling view (a tool's ``function_calling:`` block) in the Python runtime, as
runtime/function-calling/ applies it: the definitions carry the view's description, several
lines kept whole, and leave out the inputs it hides; dispatch never passes on a hidden input the
model gave, and fills a hidden required input's schema default before the check."""

from __future__ import annotations

import copy
import json

import pytest
from toolgen_core.data import SpecData, ToolData
from toolgen_core.function_calling import (
    Dispatcher,
    anthropic_tools,
    openai_chat_tools,
    openai_responses_tools,
)
from toolgen_core.handler import HandlerContext

DESCRIPTION = "Does the thing.\n\nIn two paragraphs: the second one says when."


def with_view(reference_spec: SpecData) -> tuple[SpecData, ToolData, str]:
    """A copy of the reference spec whose first local tool gains a required input with a
    default, hidden by the function-calling view along with a description of its own."""
    spec = copy.deepcopy(reference_spec)
    tool = next(t for t in spec["client"]["tools"] if t["local"])
    schema = tool["inputSchema"]
    properties = schema.setdefault("properties", {})
    assert isinstance(properties, dict)
    properties["mode"] = {"type": "string", "enum": ["own", "other"], "default": "own"}
    required = schema.setdefault("required", [])
    assert isinstance(required, list)
    required.append("mode")
    tool["views"] = {"functionCalling": {"description": DESCRIPTION, "hide": ["mode"]}}
    return spec, tool, "mode"


def test_the_definitions_show_the_view(reference_spec: SpecData) -> None:
    spec, tool, hidden = with_view(reference_spec)
    tools = spec["client"]["tools"]
    shown = [name for name in tool["inputSchema"]["properties"] if name != hidden]
    definitions = [
        *(
            (d["name"], d["description"], d["parameters"])
            for d in openai_responses_tools(tools)
        ),
        *(
            (
                d["function"]["name"],
                d["function"]["description"],
                d["function"]["parameters"],
            )
            for d in openai_chat_tools(tools)
        ),
        *(
            (d["name"], d["description"], d["input_schema"])
            for d in anthropic_tools(tools)
        ),
    ]
    mine = [d for d in definitions if d[0] == tool["name"]]
    assert len(mine) == 3
    for _, description, schema in mine:
        assert description == DESCRIPTION
        assert list(schema["properties"]) == shown
        assert hidden not in schema.get("required", [])
    # The other tools keep their short and their whole schema.
    others = [d for d in definitions if d[0] != tool["name"]]
    by_name = {t["name"]: t for t in tools}
    for name, description, schema in others:
        assert description == by_name[name]["short"]
        assert json.dumps(schema) == json.dumps(by_name[name]["inputSchema"])


@pytest.mark.anyio
async def test_dispatch_never_passes_a_hidden_input(reference_spec: SpecData) -> None:
    spec, tool, hidden = with_view(reference_spec)
    seen: list[dict[str, object]] = []

    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        seen.append(input)
        return "done"

    default = tool["inputSchema"]["properties"][hidden]["default"]
    given = {hidden: "other"}
    for name in tool["inputSchema"].get("required", []):
        if name != hidden:
            given[str(name)] = "x"

    class Unused:
        async def call(self, name: str, input: object = None) -> object:
            raise AssertionError("a local tool never calls the platform")

    result = await Dispatcher(spec).dispatch_result(
        tool["name"],
        json.dumps(given),
        client=Unused(),
        handlers={tool["name"]: handler},
    )
    assert (result.text, result.is_error) == ("done", False)
    assert seen == [{**given, hidden: default}]
