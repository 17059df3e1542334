"""Where the Python HTTP bin listens: the shared hosts table (tests/vectors/mcp-hosts), each
host listened on as the bin listens and its socket's address classified as the bin classifies
it (tests/runtime/mcp/loopback.test.ts does the same in TypeScript), and the bin's warning."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time

import httpx
import pytest
from mcp_helpers import ROOT, python_command, python_env
from toolgen_core.mcp_listen import is_loopback_address, listen

HOSTS = json.loads(
    (ROOT / "tests" / "vectors" / "mcp-hosts" / "hosts.json").read_text("utf-8")
)["hosts"]
WARNING = "warning: listening beyond this machine without a token"


@pytest.mark.parametrize(
    ("host", "loopback"), [(h["host"], h["loopback"]) for h in HOSTS]
)
def test_loopback_in_every_form_a_host_may_be_written(
    host: str, loopback: bool
) -> None:
    sock = listen(host, 0)
    try:
        assert is_loopback_address(sock.getsockname()[0]) is loopback
    finally:
        sock.close()


def test_an_ip_address_in_any_written_form_in_brackets_or_not() -> None:
    for address in ["[::1]", "[::ffff:127.0.0.1]", "::ffff:7f00:1"]:
        assert is_loopback_address(address)
    for address in ["[::]", "::127.0.0.1", "::2", "128.0.0.1", "localhost"]:
        assert not is_loopback_address(address)


def _stderr_of(host: str) -> str:
    """Everything the bin printed on stderr up to its exit on SIGTERM."""
    process = subprocess.Popen(
        python_command("--http", f"{host}:0"),
        cwd=ROOT,
        env=python_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    first = process.stderr.readline()
    match = re.search(r"serving MCP at (\S+)", first)
    assert match, first
    # Once it answers, the bin has printed all it prints before serving.
    for _ in range(300):
        try:
            httpx.get(match.group(1).replace("0.0.0.0", "127.0.0.1"), timeout=5)
            break
        except httpx.TransportError:
            time.sleep(0.1)
    process.send_signal(signal.SIGTERM)
    rest = process.stderr.read()
    process.wait(timeout=30)
    return first + rest


@pytest.mark.parametrize("host", ["[::ffff:127.0.0.1]", "[0:0:0:0:0:0:0:1]", "0x7f.1"])
def test_no_warning_on_a_loopback_address_in_any_form(host: str) -> None:
    assert WARNING not in _stderr_of(host)


def test_the_warning_on_every_address() -> None:
    assert WARNING in _stderr_of("0.0.0.0")
