"""The LangChain tools of the Python runtime offer what the TypeScript LangChain package offers
for the reference spec: the same tools in the same order, the same descriptions (with and
without when_to_use) and the same JSON Schemas, and the same selection and its errors."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from langchain_core.tools import StructuredTool
from node_side import node_json
from toolgen_core.data import SpecData
from toolgen_core.langchain_tools import ToolTable, create_tools

# Every TypeScript createTools call below gets a client that is never called and a handler for
# every local tool; the script prints what each call gave, or the error it threw.
TS_SETUP = """
import { createTools } from "@molecule/platform-langchain";
import { tools } from "@molecule/platform-client";
const handlers = Object.fromEntries(
  tools.filter((t) => t.local).map((t) => [t.name, async () => null]));
const client = { $call: async () => null };
const view = (options) => {
  try {
    return createTools({ client, handlers, ...options }).map((t) => ({
      name: t.name, description: t.description, schema: t.schema }));
  } catch (e) { return { error: e.message }; }
};
"""

SELECTIONS: list[dict[str, object]] = [
    {},
    {"appendWhenToUse": True},
    {"sections": ["memory"]},
    {"sections": ["memory"], "names": ["list_peers"]},
    {"names": ["inbox_pop", "delegate_task"]},
    {"names": ["search_memory", "lsit_peers"], "sections": ["memroy"]},
    {"sections": [], "names": []},
    {"names": ["zzzzzzzz"]},
]

TS = node_json(
    TS_SETUP + f"console.log(JSON.stringify({json.dumps(SELECTIONS)}.map(view)));"
)
assert isinstance(TS, list)


class NeverCalled:
    async def call(
        self, name: str, input: Mapping[str, object] | None = None
    ) -> object:
        raise AssertionError("the client must not be called")


def python_view(spec: SpecData, options: dict[str, object]) -> object:
    async def handler(input: dict[str, object], ctx: object) -> object:
        return None

    handlers = {t["name"]: handler for t in spec["client"]["tools"] if t["local"]}
    try:
        tools = create_tools(
            ToolTable.from_spec(spec),
            client=NeverCalled(),
            handlers=handlers,
            sections=options.get("sections"),  # type: ignore[arg-type]
            names=options.get("names"),  # type: ignore[arg-type]
            append_when_to_use=bool(options.get("appendWhenToUse")),
        )
    except ValueError as error:
        # The words after the function's name, which each language spells its own way.
        message = str(error)
        assert message.startswith("create_tools: ")
        return {"error": "createTools: " + message.removeprefix("create_tools: ")}
    for tool in tools:
        assert isinstance(tool, StructuredTool)
    return [
        {"name": t.name, "description": t.description, "schema": t.args_schema}
        for t in tools
    ]


@pytest.mark.parametrize(
    ("index", "options"),
    list(enumerate(SELECTIONS)),
    ids=[json.dumps(s) for s in SELECTIONS],
)
def test_same_tools_descriptions_and_schemas_as_typescript(
    reference_spec: SpecData, index: int, options: dict[str, object]
) -> None:
    ours = python_view(reference_spec, options)
    assert json.dumps(ours) == json.dumps(TS[index])


def test_the_selections_above_give_tools_and_errors_both() -> None:
    # A comparison of two empty answers would prove nothing: the table above has both kinds.
    kinds = {"error" if isinstance(answer, dict) else len(answer) > 0 for answer in TS}
    assert kinds == {"error", True}


def test_what_a_model_is_offered_equals_typescripts(reference_spec: SpecData) -> None:
    """The tools as LangChain hands them to a model provider (``bind_tools`` converts them so):
    Python's ``convert_to_openai_tool`` of each equals TypeScript's ``convertToOpenAITool``."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    theirs = node_json(
        TS_SETUP
        + 'import { convertToOpenAITool } from "@langchain/core/utils/function_calling";'
        + "console.log(JSON.stringify("
        + "createTools({ client, handlers }).map((t) => convertToOpenAITool(t))));"
    )

    async def handler(input: dict[str, object], ctx: object) -> object:
        return None

    handlers = {
        t["name"]: handler for t in reference_spec["client"]["tools"] if t["local"]
    }
    tools = create_tools(
        ToolTable.from_spec(reference_spec), client=NeverCalled(), handlers=handlers
    )
    ours = [convert_to_openai_tool(t) for t in tools]
    assert json.dumps(ours) == json.dumps(theirs)
