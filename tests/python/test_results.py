"""The text a model reads back, in the words of runtime/shared/result-text.ts and tool-errors.ts."""

from __future__ import annotations

from toolgen_core.results import NO_CONTENT, error_text, result_text


def test_text_is_shown_as_it_came() -> None:
    assert result_text("plain\ntext") == "plain\ntext"


def test_nothing_is_a_sentence() -> None:
    assert result_text(None) == NO_CONTENT


def test_values_are_compact_json_as_javascript_writes_it() -> None:
    assert result_text({"a": [1, "é"], "b": None}) == '{"a":[1,"é"],"b":null}'
    assert result_text([1, 2], indent=2) == "[\n  1,\n  2\n]"


def test_an_error_names_the_tool_once_and_the_status() -> None:
    class Refused(Exception):
        status = 503

    error = Refused("commit_memory: the platform is busy")
    assert error_text("commit_memory", error) == (
        "Error from commit_memory (HTTP 503): the platform is busy"
    )
    assert error_text("x", ValueError("bad")) == "Error from x: bad"
