"""The package installed without an extra: its core needs only httpx, jsonschema and anyio. Each
integration whose library is missing says which extra brings it, as the TypeScript packages say
which SDK to install; what needs no library of its own (tool_list and tool_answers, for a
JSON-RPC loop of your own) works without it. The reference package runs in a Python whose
import system refuses the extra's library, as a fresh environment without it would."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
import yaml
from conftest import ROOT

SPEC = yaml.safe_load((ROOT / "tools.yaml").read_text("utf-8"))
PYTHON = SPEC["targets"]["python"]
MODULE = PYTHON["module"]
PACKAGE = PYTHON["package"]


def without(
    libraries: list[str], code: str, *args: str
) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` in a Python that cannot import ``libraries`` (nor any module below them)."""
    prelude = textwrap.dedent(
        f"""
        import importlib.abc, sys
        HIDDEN = {libraries!r}
        class Hide(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name.split(".")[0] in HIDDEN:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None
        sys.meta_path.insert(0, Hide())
        for loaded in [m for m in sys.modules if m.split(".")[0] in HIDDEN]:
            del sys.modules[loaded]
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code), *args],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


MCP_MISSING = f"{PACKAGE} needs the MCP Python SDK (mcp 2.x) to serve MCP: pip install '{PACKAGE}[mcp]'"


@pytest.mark.parametrize("args", [[], ["--http", "127.0.0.1:0"]], ids=["stdio", "http"])
def test_the_bin_says_which_extra_to_install_and_exits_2(args: list[str]) -> None:
    done = without(
        ["mcp"],
        f"""
        import runpy
        sys.argv = ["x", *sys.argv[1:]]
        runpy.run_module("{MODULE}.mcp", run_name="__main__")
        """,
        *args,
    )
    assert done.stderr == f"python -m {MODULE}.mcp: {MCP_MISSING}\n"
    assert done.stdout == ""
    assert done.returncode == 2


def test_without_the_mcp_sdk_tool_answers_still_answer_and_create_server_says_why() -> (
    None
):
    done = without(
        ["mcp"],
        f"""
        import asyncio, json
        from {MODULE} import mcp
        from {MODULE}.tools import TOOLS
        async def handler(input, ctx):
            return "handled"
        class Client:
            async def call(self, name, input=None):
                return "called"
        handlers = {{t.name: handler for t in TOOLS if t.local}}
        answers = mcp.tool_answers(client=Client(), handlers=handlers)
        name = TOOLS[0].name
        result = asyncio.run(answers.handle_tool_call(name, {{"no such input": 1}}))
        try:
            mcp.create_server(client=None)
        except ImportError as error:
            refused = [type(error).__name__, str(error), error.name]
        print(json.dumps([len(mcp.tool_list()), result["isError"], refused]))
        """,
    )
    assert done.returncode == 0, done.stderr
    count, is_error, refused = json.loads(done.stdout)
    assert count == len(SPEC["tools"])
    assert is_error is True
    assert refused == ["MissingExtraError", MCP_MISSING, "mcp"]


def test_without_langchain_core_create_tools_says_which_extra_to_install() -> None:
    done = without(
        ["langchain_core"],
        f"""
        from {MODULE} import langchain
        try:
            langchain.create_tools(client=None)
        except ImportError as error:
            print(type(error).__name__, error, sep=": ")
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"MissingExtraError: {PACKAGE} needs langchain-core 1.x for its LangChain tools: "
        f"pip install '{PACKAGE}[langchain]'\n"
    )


def test_the_bin_names_a_runtime_that_is_not_installed_and_exits_2() -> None:
    done = without(
        [],
        f"""
        from {MODULE}._core.data import load_spec
        from {MODULE}._core.mcp_bin import main
        spec = load_spec("{MODULE}")
        sys.exit(main(spec, argv=[], env={{}}, runtime="nowhere_runtime", package="{PACKAGE}"))
        """,
    )
    assert done.stderr == (
        f"python -m {MODULE}.mcp: {PACKAGE} serves its local tools with nowhere_runtime, which"
        " is not installed: install the distribution that provides it\n"
    )
    assert done.returncode == 2
