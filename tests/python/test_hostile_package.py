"""A package generated from a spec that tries to break it (tests/python/specs/hostile.yaml):
text that would end a string, docstring or comment; inputs named after Python's keywords and
builtins; tools named after them and after the client's own members; patterns Python's re reads
otherwise. The package still type-checks, lints, imports, and does what the spec says."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from conftest import MYPY_CACHE, generate
from platform_server import running_platform

SPEC_FILE = Path(__file__).resolve().parent / "specs" / "hostile.yaml"
SPEC = yaml.safe_load(SPEC_FILE.read_text("utf-8"))
PYTHON = SPEC["targets"]["python"]
ENV = PYTHON["env"]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    project = tmp_path_factory.mktemp("hostile")
    generate(project, SPEC_FILE.read_text("utf-8"))
    folder = project / "generated" / "python"
    sys.path.insert(0, str(folder / "src"))
    yield folder
    sys.path.remove(str(folder / "src"))
    for name in [m for m in sys.modules if m.split(".")[0] == "hostile"]:
        del sys.modules[name]


def module(name: str) -> ModuleType:
    return importlib.import_module(f"{PYTHON['module']}.{name}")


def tool_check(package: Path, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *args],
        cwd=package,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_it_type_checks_strictly(package: Path) -> None:
    tool_check(
        package,
        "mypy",
        "--cache-dir",
        MYPY_CACHE,
        "--config-file",
        "pyproject.toml",
        "src",
    )


def test_it_passes_ruff(package: Path) -> None:
    tool_check(package, "ruff", "check", "--no-cache", ".")


def test_its_version_is_pep_440s_spelling(package: Path) -> None:
    assert 'version = "2.0.0b3"' in (package / "pyproject.toml").read_text("utf-8")


def test_text_from_the_spec_stays_text(package: Path) -> None:
    tools = module("tools")
    by_name = {t["name"]: t for t in SPEC["tools"]}
    for spec in tools.TOOLS:
        assert spec.short == by_name[spec.name]["short"]
        assert spec.when_to_use == by_name[spec.name]["when_to_use"]
        assert spec.title == by_name[spec.name].get("title")
    client = module("client")
    assert client.Client.import_.__doc__ == by_name["import"]["short"]
    prompts = module("prompts")
    assert SPEC["sections"][0]["heading"] in prompts.MCP_PROMPT


@pytest.mark.anyio
async def test_keyword_inputs_reach_the_platform_as_named(package: Path) -> None:
    client = module("client")
    with running_platform() as platform:
        platform.reply(200, {"ok": True})
        env = {
            ENV["base_url"]: platform.url,
            ENV["workspace_id"]: "ws-1",
            ENV["token"]: "secret-token-1",
        }
        async with client.create_client_from_env(env) as c:
            arguments = {
                "from": "here",
                "class": 'a"b',
                "async": True,
                "lambda": 3,
                "id": "42",
            }
            await c.import_(arguments)
            assert await c.call_() == {"ok": True}
    sent = platform.requests[0]
    assert sent.path == "/workspaces/ws-1/import/42"
    assert sent.body == {k: v for k, v in arguments.items() if k != "id"}


@pytest.mark.anyio
async def test_patterns_mean_what_javascript_means(package: Path) -> None:
    client = module("client")
    errors = module("_core.errors")
    config = {
        "base_url": "http://127.0.0.1:9",
        "workspace": {"id": "ws-1", "token": "secret-token-1"},
    }
    async with client.create_client(config) as c:
        # Python's \d matches ٣ (ARABIC-INDIC DIGIT THREE) and $ matches before a final
        # newline; JavaScript's, which the spec means, match neither.
        for bad in ["٣", "42\n"]:
            with pytest.raises(errors.InputError) as caught:
                await c.import_({"from": "x", "id": bad})
            assert "id must match the pattern" in str(caught.value)


def test_the_console_script_name_is_the_specs(package: Path) -> None:
    text = (package / "pyproject.toml").read_text("utf-8")
    assert f'{PYTHON["cli"]} = "{PYTHON["module"]}.cli:main"' in text


CONSUMER = '''"""A consumer of the hostile package: keyword-named inputs through the TypedDict, a typed result."""

from __future__ import annotations

from {module}.client import Client
from {module}.inputs import CallResult, ImportInput


async def use(client: Client) -> bool:
    given: ImportInput = {{"from": "here", "id": "12", "class": "c'd", "async": True, "lambda": 1}}
    await client.import_(given)
    result: CallResult = await client.call_()
    return result["ok"]
'''


def mypy_on(package: Path, consumer: Path) -> subprocess.CompletedProcess[str]:
    """mypy --strict on a consumer file beside the package, which it imports from src/."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", MYPY_CACHE,
         "--config-file", "pyproject.toml", consumer.name],
        cwd=package, capture_output=True, text=True, check=False,
        env={**os.environ, "MYPYPATH": str(package / "src")},
    )  # fmt: skip


@pytest.mark.slow
def test_a_consumer_type_checks_and_a_wrong_input_does_not(package: Path) -> None:
    """The TypedDicts say what the schema says: the consumer passes mypy --strict and ruff; the
    same consumer with an enum value the schema lacks and a misspelt key fails mypy at both."""
    good = package / "consumer_good.py"
    good.write_text(CONSUMER.format(module=PYTHON["module"]), "utf-8")
    done = mypy_on(package, good)
    assert done.returncode == 0, done.stdout + done.stderr
    tool_check(package, "ruff", "check", "--no-cache", good.name)
    bad = package / "consumer_bad.py"
    bad.write_text(
        CONSUMER.format(module=PYTHON["module"])
        .replace('"class": "c\'d"', '"class": "x"')
        .replace('"lambda": 1', '"lambdaa": 1'),
        "utf-8",
    )
    done = mypy_on(package, bad)
    assert done.returncode == 1
    assert '"class"' in done.stdout and '"lambdaa"' in done.stdout, done.stdout
