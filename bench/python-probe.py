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


async def list_times(module: str, runs: int) -> dict[str, float]:
    import mcp
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, args=["-m", f"{module}.mcp"], env=dict(os.environ)
    )
    seconds: list[float] = []
    async with mcp.Client(params) as client:
        await (
            client.list_tools()
        )  # the first one warms nothing we measure: the server is up
        for _ in range(runs):
            started = time.perf_counter()
            listed = await client.list_tools()
            seconds.append(time.perf_counter() - started)
    return {
        "median_ms": statistics.median(seconds) * 1000,
        "max_ms": max(seconds) * 1000,
        "tools": len(listed.tools),
    }


def main() -> None:
    what, module, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if what == "import":
        result = import_times(module, runs)
    else:
        import anyio

        result = anyio.run(list_times, module, runs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
