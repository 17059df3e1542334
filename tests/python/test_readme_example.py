"""The README's Python example (the ```python block marked ``<!-- example: python-registry -->``),
run as written by the venv's Python against a real platform on 127.0.0.1, with the environment
variables the reference spec names."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import MYPY_CACHE, ROOT
from platform_server import running_platform

SPEC = yaml.safe_load((ROOT / "tools.yaml").read_text("utf-8"))


def example(name: str) -> str:
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(
        rf"^<!-- example: {name} -->\n```python\n(.*?)^```$",
        readme,
        re.MULTILINE | re.DOTALL,
    )
    assert found, f"README.md has no python example {name}"
    return found.group(1)


def test_the_registry_example_runs_as_the_readme_says() -> None:
    env = SPEC["targets"]["client"]["env"]
    peers = [{"id": "ws-2", "name": "Reports"}]
    with running_platform() as platform:
        platform.reply(200, peers)
        done = subprocess.run(
            [sys.executable, "-c", example("python-registry")],
            env={
                env["base_url"]: platform.url,
                env["workspace_id"]: "ws-1",
                env["token"]: "token-of-ws-1",
            },
            capture_output=True,
            text=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    a2a = next(s for s in SPEC["sections"] if s["id"] == "a2a")
    assert done.stdout.splitlines() == [
        f"## {a2a['heading']}",
        "ws-2 accepted: summarise the report",
        json.dumps(peers, separators=(",", ":")),
    ]
    # The LangChain tool called the platform once, with the workspace's own token.
    assert [r.headers["authorization"] for r in platform.requests] == [
        "Bearer token-of-ws-1"
    ]


@pytest.mark.slow
def test_the_registry_example_is_a_consumer_that_passes_mypy_strict_and_ruff(
    tmp_path: Path,
) -> None:
    consumer = tmp_path / "consumer.py"
    consumer.write_text(example("python-registry"), "utf-8")
    for args in (
        ["mypy", "--strict", "--python-version", "3.10", "--cache-dir", MYPY_CACHE],
        ["ruff", "check", "--no-cache", "--target-version", "py310"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", *args, str(consumer)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
