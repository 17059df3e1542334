"""The Python package's timings, for bench/python.mjs: run by the repository's venv Python with
the package's src folder on sys.path. Prints one JSON object.

  python bench/python-probe.py import <module> <runs>   # import <module>.tools and .client
  python bench/python-probe.py list <module> <runs>     # tools/list over stdio, request to response
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time


def import_times(module: str, runs: int) -> dict[str, float]:
    # Each in a fresh interpreter (the cost a process pays once), its byte code already cached.
    code = (
        "import time; t = time.perf_counter(); "
        f"import {module}.tools, {module}.client; "
        "print(time.perf_counter() - t)"
    )
    seconds = [
        float(
            subprocess.run(
                [sys.executable, "-c", code],
                check=True,
                capture_output=True,
                text=True,
                env=os.environ,
            ).stdout
        )
        for _ in range(runs + 1)
    ][1:]
    return {
        "median_ms": statistics.median(seconds) * 1000,
        "max_ms": max(seconds) * 1000,
    }


def list_times(module: str, runs: int) -> dict[str, float]:
    # JSON-RPC lines written and read by hand: the time from the request's last byte to the
    # response's, with no client library's own parsing in it.
    server = subprocess.Popen(
        [sys.executable, "-m", f"{module}.mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=os.environ,
    )
    assert server.stdin is not None and server.stdout is not None

    def ask(message: dict[str, object]) -> bytes:
        server.stdin.write(json.dumps(message).encode() + b"\n")  # type: ignore[union-attr]
        server.stdin.flush()  # type: ignore[union-attr]
        return server.stdout.readline() if "id" in message else b""  # type: ignore[union-attr]

    try:
        ask(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "0"},
                },
            }
        )
        ask({"jsonrpc": "2.0", "method": "notifications/initialized"})
        seconds: list[float] = []
        answer = b""
        for k in range(runs + 1):
            started = time.perf_counter()
            answer = ask({"jsonrpc": "2.0", "id": k + 1, "method": "tools/list"})
            if k > 0:  # the first one is the server's first: its table is built then
                seconds.append(time.perf_counter() - started)
        tools = len(json.loads(answer)["result"]["tools"])
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    return {
        "median_ms": statistics.median(seconds) * 1000,
        "max_ms": max(seconds) * 1000,
        "tools": tools,
    }


def main() -> None:
    what, module, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if what == "import":
        result = import_times(module, runs)
    else:
        result = list_times(module, runs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
