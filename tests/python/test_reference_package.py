"""The reference spec's Python package (generated/python), imported by its module name as a
consumer does: its tools as data and its prompt texts, checked against tools.yaml and against
the TypeScript prompts package."""

from __future__ import annotations

from pathlib import Path

import yaml
from conftest import ROOT
from molecule_platform_tools import prompts, tools

SPEC = yaml.safe_load((ROOT / "tools.yaml").read_text("utf-8"))
DOCS = ROOT / "generated" / "docs"


def ts_text(path: Path) -> str:
    """A text of the TypeScript prompts package: its file less the header line."""
    content = path.read_text("utf-8")
    return content[content.index("\n") + 1 :]


def test_tools_are_the_specs_in_order() -> None:
    assert tools.tool_names() == tuple(t["name"] for t in SPEC["tools"])
    for declared, spec in zip(SPEC["tools"], tools.TOOLS, strict=True):
        assert spec.short == declared["short"]
        assert spec.when_to_use == declared["when_to_use"]
        assert spec.section == declared["section"]
        assert spec.title == declared.get("title")
        assert spec.input_schema == declared["input"]
        assert spec.output_schema == declared.get("output")
        assert spec.local == ("http" not in declared)
        assert spec.renamed_from == tuple(declared.get("renamed_from", []))
        assert tools.by_name(declared["name"]) is spec


def test_by_section_keeps_the_specs_order() -> None:
    for section in SPEC["sections"]:
        expected = [t["name"] for t in SPEC["tools"] if t["section"] == section["id"]]
        assert [t.name for t in tools.by_section(section["id"])] == expected


def test_by_name_refuses_an_unknown_name() -> None:
    try:
        tools.by_name("no such tool")
    except KeyError:
        return
    raise AssertionError("by_name found a tool the spec does not declare")


def test_prompt_texts_are_the_typescript_packages_byte_for_byte() -> None:
    assert prompts.MCP_PROMPT == ts_text(DOCS / "prompt.mcp.md")
    assert prompts.CLI_PROMPT == ts_text(DOCS / "prompt.cli.md")
    assert prompts.MCP_CAPABILITIES == ts_text(DOCS / "capabilities.mcp.md")
    assert prompts.CLI_CAPABILITIES == ts_text(DOCS / "capabilities.cli.md")
    assert prompts.prompt(mcp=False) == prompts.CLI_PROMPT
    for section in SPEC["sections"]:
        sid = section["id"]
        texts = prompts.SECTIONS[sid]
        assert texts["mcp"] == ts_text(DOCS / "sections" / f"{sid}.mcp.md")
        cli_file = DOCS / "sections" / f"{sid}.cli.md"
        if "cli" in section:
            assert texts["cli"] == ts_text(cli_file)
            assert prompts.section(sid, mcp=False) == texts["cli"]
        else:
            assert texts["cli"] is None and not cli_file.exists()
            assert prompts.section(sid, mcp=False) == texts["mcp"]
