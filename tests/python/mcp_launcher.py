"""Runs the Python MCP server's ``main`` over the reference spec, as a generated package's
``python -m <module>.mcp`` would: ``python tests/python/mcp_launcher.py [--http …]``.

The spec data comes from the TypeScript packages' data files (as the ``reference_spec``
fixture's), the local tools' handlers from ``mcp_test_runtime``, the instructions from the file
``MCP_TEST_INSTRUCTIONS_FILE`` names (none without it), the spec's ``http_token_env`` from
``MCP_TEST_TOKEN_ENV`` when set, and the platform client is built from
the environment by the client's ``client_from_env``, as the generated module's would be.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_data import reference_spec


def run() -> int:
    from toolgen_core.mcp_bin import main

    instructions_file = os.environ.get("MCP_TEST_INSTRUCTIONS_FILE")
    instructions = (
        Path(instructions_file).read_text("utf-8") if instructions_file else None
    )
    spec = reference_spec()
    token_env = os.environ.get("MCP_TEST_TOKEN_ENV")
    if token_env:
        spec["mcp"]["server"]["httpTokenEnv"] = token_env
    return main(
        spec,
        instructions=instructions,
        runtime="mcp_test_runtime",
        package="the reference package",
    )


if __name__ == "__main__":
    sys.exit(run())
