"""The local tools' runtime the MCP server tests load (``targets.python.runtime``'s shape):
``create_runtime(client, env)`` with one handler per local tool of the spec the launcher serves.

Each handler answers ``{"tool": name, "input": input}``, unless the environment says otherwise
for its tool (``MCP_TEST_BEHAVIOUR``, a JSON object: tool → ``{"raise": message}``,
``{"return": value}`` or ``{"wait": true}``). A waiting handler waits until the call is
cancelled, then writes to ``MCP_TEST_CANCEL_FILE`` whether its context's ``cancelled`` was set.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import anyio
from mcp_launcher import reference_spec
from toolgen_core.handler import HandlerContext, LocalHandler, ToolCaller


def create_runtime(client: ToolCaller, env: Mapping[str, str]) -> dict[str, object]:
    behaviour: dict[str, dict[str, object]] = json.loads(
        env.get("MCP_TEST_BEHAVIOUR", "{}")
    )
    cancel_file = env.get("MCP_TEST_CANCEL_FILE")
    started_file = env.get("MCP_TEST_STARTED_FILE")

    def handler(name: str) -> LocalHandler:
        own = behaviour.get(name, {})

        async def handle(input: dict[str, object], ctx: HandlerContext) -> object:
            if "raise" in own:
                raise RuntimeError(str(own["raise"]))
            if "return" in own:
                return own["return"]
            if own.get("wait"):
                if started_file:
                    Path(started_file).write_text("started", "utf-8")
                try:
                    await anyio.sleep_forever()
                finally:
                    if cancel_file:
                        Path(cancel_file).write_text(
                            json.dumps({"cancelled": ctx.cancelled.is_set()}), "utf-8"
                        )
            return {"tool": name, "input": input}

        return handle

    local = [t["name"] for t in reference_spec()["client"]["tools"] if t["local"]]
    return {"handlers": {name: handler(name) for name in local}}
