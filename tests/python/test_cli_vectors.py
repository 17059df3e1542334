"""The shared CLI vectors (tests/vectors/cli/*.json) against the Python CLI: each vector's argv
run by ``cli_launcher.py`` as a real subprocess, against a real HTTP server on 127.0.0.1; the
requests it makes, its stdout, stderr and exit code must be the vector's, byte for byte.
tests/runtime/cli/vectors.e2e.test.ts runs the same files against the TypeScript CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_platform import Platform, platform_server
from conftest import ROOT
from toolgen_core.data import SpecData

VECTORS = ROOT / "tests" / "vectors" / "cli"
LAUNCHER = Path(__file__).resolve().parent / "cli_launcher.py"
FILES = sorted(VECTORS.glob("*.json"))


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with platform_server() as server:
        yield server


def environment(vector: dict[str, object], spec: SpecData, url: str) -> dict[str, str]:
    """A vector's environment: ``$baseUrl`` and the like are the spec's own variable names."""
    names = spec["cli"]["env"]
    env = {"PATH": os.environ.get("PATH", "")}
    given = vector["env"]
    assert isinstance(given, dict)
    for key, value in given.items():
        assert key.startswith("$") and key[1:] in names, (
            f"unknown environment key {key}"
        )
        env[str(names[key[1:]])] = str(value).replace("{platform}", url)  # type: ignore[literal-required]
    if "runtime" in vector:
        assert vector["runtime"] == "echo", f"unknown runtime {vector['runtime']}"
        env["TOOLGEN_TEST_RUNTIME"] = "cli_echo_runtime"
    return env


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_vector(path: Path, platform: Platform, reference_spec: SpecData) -> None:
    vector = json.loads(path.read_text("utf-8"))
    platform.reset(vector.get("platform"))
    run = subprocess.run(
        [sys.executable, str(LAUNCHER), *vector["argv"]],
        env=environment(vector, reference_spec, platform.url),
        capture_output=True,
        check=False,
    )

    def shown(data: bytes) -> str:
        return data.decode("utf-8").replace(platform.url, "{platform}")

    assert {
        "exit": run.returncode,
        "stdout": shown(run.stdout),
        "stderr": shown(run.stderr),
    } == {
        "exit": vector["exit"],
        "stdout": vector["stdout"],
        "stderr": vector["stderr"],
    }
    expected = vector["requests"]
    seen = [
        {
            "method": r.method,
            "path": r.path,
            "query": [list(pair) for pair in r.query],
            "headers": {
                name: r.headers.get(name)
                for name in (expected[i]["headers"] if i < len(expected) else {})
            },
            "body": r.body,
        }
        for i, r in enumerate(platform.requests)
    ]
    assert seen == expected


def test_vectors_cover_every_command_and_exit_code(reference_spec: SpecData) -> None:
    vectors = [json.loads(f.read_text("utf-8")) for f in FILES]
    ran = [" ".join(v["argv"]) for v in vectors]
    for command in reference_spec["cli"]["commands"]:
        assert any(argv.startswith(command["keyword"]) for argv in ran), command[
            "keyword"
        ]
    assert sorted({v["exit"] for v in vectors}) == [0, 1, 2]
