"""The prompt texts of a generated package, and the functions that pick one of them."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from typing import Generic, TypedDict, TypeVar


class SectionTexts(TypedDict):
    """A section's texts: ``mcp`` the full text (what an MCP runtime reads), ``cli`` its CLI
    command block, None when the section is not on the CLI."""

    mcp: str
    cli: str | None


S = TypeVar("S", bound=str)


def read_text(module: str, path: str) -> str:
    """A text of the ``prompts/`` folder beside ``module`` (the package's ``prompts`` module):
    its Markdown file, byte for byte, less the generated-file header (the first line)."""
    node = files(module.rpartition(".")[0]).joinpath("prompts")
    for part in path.split("/"):
        node = node.joinpath(part)
    content = node.read_bytes().decode("utf-8")
    return content[content.index("\n") + 1 :]


class Prompts(Generic[S]):
    """The texts for both kinds of runtime: an MCP one, or (``mcp=False``) one that drives the
    platform through the CLI. ``S`` is the package's ``SectionId``."""

    def __init__(
        self,
        prompts: tuple[str, str],
        capabilities: tuple[str, str],
        sections: Mapping[S, SectionTexts],
    ) -> None:
        self._prompts = prompts
        self._capabilities = capabilities
        self._sections = sections

    def prompt(self, mcp: bool = True) -> str:
        """The whole prompt: the capabilities preamble, then every section."""
        return self._prompts[0] if mcp else self._prompts[1]

    def capabilities(self, mcp: bool = True) -> str:
        """The capabilities preamble: every tool by name (or, for the CLI, by its command line)
        with its one-line description."""
        return self._capabilities[0] if mcp else self._capabilities[1]

    def section(self, section_id: S, mcp: bool = True) -> str:
        """One section's text: the full text, or (``mcp=False``) its CLI block when it has one."""
        texts = self._sections[section_id]
        cli = texts["cli"]
        return texts["mcp"] if mcp or cli is None else cli
