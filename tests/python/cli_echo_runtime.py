"""A runtime module for the CLI's tests (``targets.python.runtime``): ``create_runtime`` answers
every local tool of the reference spec with a handler that echoes its tool and input. Its
TypeScript twin is the echo runtime of tests/runtime/cli/vector-bin.mjs."""

from __future__ import annotations

from collections.abc import Mapping

from cli_launcher import reference_spec
from toolgen_core.handler import HandlerContext, LocalHandler, ToolCaller


class EchoRuntime:
    def __init__(self, handlers: dict[str, LocalHandler]) -> None:
        self.handlers = handlers


def _echo(tool: str) -> LocalHandler:
    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        return {"handled_by": "echo runtime", "tool": tool, "input": input}

    return handler


def create_runtime(client: ToolCaller, env: Mapping[str, str]) -> EchoRuntime:
    commands = reference_spec()["cli"]["commands"]
    return EchoRuntime({c["tool"]: _echo(c["tool"]) for c in commands if c["local"]})
