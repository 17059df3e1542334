"""The provider definitions of the Python runtime equal, as JSON, those the TypeScript
function-calling package gives for the reference spec."""

from __future__ import annotations

import json

import pytest
from node_side import node_json
from toolgen_core.data import SpecData
from toolgen_core.function_calling import (
    anthropic_tools,
    openai_chat_tools,
    openai_responses_tools,
)

TS = node_json(
    'import * as fc from "@molecule/platform-function-calling";'
    "console.log(JSON.stringify({"
    " responses: fc.openaiResponsesTools,"
    " chat: fc.openaiChatTools,"
    " anthropic: fc.anthropicTools }));"
)
assert isinstance(TS, dict)


@pytest.mark.parametrize(
    ("key", "build"),
    [
        ("responses", openai_responses_tools),
        ("chat", openai_chat_tools),
        ("anthropic", anthropic_tools),
    ],
)
def test_definitions_equal_the_typescript_packages(
    reference_spec: SpecData, key: str, build: object
) -> None:
    assert callable(build)
    ours = build(reference_spec["client"]["tools"])
    # Equal as JSON, key order included: both are written in spec order.
    assert json.dumps(ours) == json.dumps(TS[key])
    assert len(ours) == len(reference_spec["client"]["tools"])


def test_each_definition_holds_its_own_copy_of_the_schema(
    reference_spec: SpecData,
) -> None:
    tools = reference_spec["client"]["tools"]
    first = openai_chat_tools(tools)[0]["function"]["parameters"]
    first["properties"] = {}
    again = openai_chat_tools(tools)[0]["function"]["parameters"]
    assert again == tools[0]["inputSchema"]
    assert again["properties"] != {}
    assert anthropic_tools(tools)[0]["input_schema"] is not tools[0]["inputSchema"]
