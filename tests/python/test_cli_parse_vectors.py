"""The shared parse vectors (tests/vectors/cli-parse) against the Python runtime: a hand-written
commands data with every kind of input the CLI reads, and what each command line yields, in the
form tests/runtime/cli/parse-cases.ts writes for the TypeScript runtime: help as its text, a usage
error as its message and command, a command to run as its tool, its input as JSON (JavaScript's
layout, so numbers must be read alike) and whether --json was given."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from toolgen_core.cli_argv import Help, Usage, parse_command_line
from toolgen_core.cli_data import with_schemas
from toolgen_core.cli_help import command_help, global_help
from toolgen_core.json_text import NOT_JSON_VALUE, parse_json
from toolgen_core.results import to_json

VECTORS = ROOT / "tests" / "vectors" / "cli-parse"
SPEC = json.loads((VECTORS / "spec.json").read_text("utf-8"))
DATA = with_schemas(SPEC["commands"], SPEC["tools"])
CASES = json.loads((VECTORS / "cases.json").read_text("utf-8"))


def outcome(argv: list[str]) -> dict[str, object]:
    def none(tool: str) -> bool:
        return False

    invocation = parse_command_line(argv, DATA)
    if isinstance(invocation, Help):
        command = invocation.command
        text = (
            global_help(DATA, none)
            if command is None
            else command_help(DATA, command, none)
        )
        return {"kind": "help", "text": text}
    if isinstance(invocation, Usage):
        keyword = invocation.command.keyword if invocation.command is not None else None
        return {"kind": "usage", "message": invocation.message, "command": keyword}
    return {
        "kind": "run",
        "tool": invocation.command.tool,
        "input": to_json(invocation.input),
        "json": invocation.json,
    }


@pytest.mark.parametrize(
    "case", CASES, ids=[" ".join(c["argv"]) or "(nothing)" for c in CASES]
)
def test_parse_vector(case: dict[str, object]) -> None:
    argv = case["argv"]
    assert isinstance(argv, list)
    assert outcome(argv) == case["expect"]


def test_vectors_reach_every_outcome() -> None:
    kinds = {c["expect"]["kind"] for c in CASES}
    assert kinds == {"help", "usage", "run"}
    tools = {c["expect"]["tool"] for c in CASES if c["expect"]["kind"] == "run"}
    assert tools == {c["tool"] for c in SPEC["commands"]["commands"]}


NOT_JSON = json.loads((VECTORS / "not-json.json").read_text("utf-8"))


@pytest.mark.parametrize("case", NOT_JSON, ids=[repr(c["text"]) for c in NOT_JSON])
def test_what_json_parse_refuses_is_refused(case: dict[str, str]) -> None:
    assert parse_json(case["text"]) is NOT_JSON_VALUE


def test_valid_json_is_read() -> None:
    for text in ['{"a":[1,2.5e-3,{"b":null}]}', " true ", '"\\u00e9\\n"', "-0"]:
        assert parse_json(text) == json.loads(text)
