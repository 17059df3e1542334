"""A local handler's requests to the MCP client that made the call: a port of
runtime/mcp/context.ts on the ``mcp`` SDK's low-level server (2.x). Progress and log messages are
notifications tied to the call; elicitation and sampling are requests through the SDK's session,
refused with a clear error when the client did not declare the capability or the transport
cannot carry a request to the client (stateless HTTP).
"""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Mapping
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPDeprecationWarning, NoBackChannelError

from .handler import LOG_LEVELS, LogLevel

PROGRESS_INTERVAL = 0.1
"""The shortest time between two progress notifications of one call, in seconds."""


class LogLevels:
    """The level the client set with logging/setLevel: one per server, as a stdio process serves
    one client. Over stateless HTTP the server serves every client and each POST stands alone,
    so a level set there is answered but not kept (as the TypeScript server's fresh server per
    POST does not know it): a call's log messages are sent at every level, as MCP lets a server
    decide when no level is set."""

    def __init__(self) -> None:
        self.level: LogLevel | None = None

    async def set_level(
        self, ctx: ServerRequestContext, params: types.SetLevelRequestParams
    ) -> types.EmptyResult:
        if ctx.request is None:
            self.level = params.level
        return types.EmptyResult()

    def ignores(self, level: LogLevel) -> bool:
        return self.level is not None and LOG_LEVELS.index(level) < LOG_LEVELS.index(
            self.level
        )


class McpPeer:
    """The client of one tools/call, as a handler's context asks it (``ClientPeer``)."""

    def __init__(self, ctx: ServerRequestContext, levels: LogLevels) -> None:
        self._ctx = ctx
        self._levels = levels
        self._sent_at = -float("inf")
        self._sent = -float("inf")
        self._held: tuple[float, float | None, str | None] | None = None

    async def progress(
        self, done: float, total: float | None, message: str | None
    ) -> None:
        # Each value must grow; the SDK sends nothing for a call that carried no token.
        if done <= (self._sent if self._held is None else self._held[0]):
            return
        step = (done, total, None if message is None else str(message))
        now = time.monotonic()
        early = now - self._sent_at < PROGRESS_INTERVAL
        last = total is not None and done >= total
        # A value within the interval waits: the next value replaces it, but the last one sends
        # it first, early or late, so a short task's steps all arrive. A value left waiting when
        # the call ends is dropped: after the result, a client has no use for it.
        if early and not last:
            self._held = step
            return
        held = self._held if last else None
        self._held = None
        self._sent_at = now
        self._sent = done
        for each in (step,) if held is None else (held, step):
            # Best effort: a client gone away loses it, the call goes on.
            with contextlib.suppress(Exception):
                await self._ctx.session.report_progress(*each)

    async def log(self, level: LogLevel, data: object) -> None:
        if self._levels.ignores(level):
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            sending = self._ctx.session.send_log_message(
                level, data, related_request_id=self._ctx.request_id
            )
        with contextlib.suppress(Exception):
            await sending

    async def elicit(
        self, message: str, schema: Mapping[str, object]
    ) -> dict[str, object]:
        self._ready(
            "elicit",
            types.ClientCapabilities(elicitation=types.ElicitationCapability()),
            "elicitation",
            "ask the user",
        )
        try:
            result = await self._ctx.session.elicit_form(
                message, dict(schema), related_request_id=self._ctx.request_id
            )
        except NoBackChannelError:
            raise self._no_channel("elicit", "ask the user") from None
        if result.action == "accept":
            return {"action": "accept", "content": dict(result.content or {})}
        return {"action": result.action}

    async def sample(self, request: Mapping[str, object]) -> dict[str, object]:
        self._ready(
            "sample",
            types.ClientCapabilities(sampling=types.SamplingCapability()),
            "sampling",
            "ask its model",
        )
        params = types.CreateMessageRequestParams.model_validate(dict(request))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            asking = self._ctx.session.create_message(
                params.messages,
                max_tokens=params.max_tokens,
                system_prompt=params.system_prompt,
                include_context=params.include_context,
                temperature=params.temperature,
                stop_sequences=params.stop_sequences,
                metadata=params.metadata,
                model_preferences=params.model_preferences,
                related_request_id=self._ctx.request_id,
            )
        try:
            result: Any = await asking
        except NoBackChannelError:
            raise self._no_channel("sample", "ask its model") from None
        answer: dict[str, object] = result.model_dump(
            by_alias=True, mode="json", exclude_none=True
        )
        return answer

    def _no_channel(self, what: str, verb: str) -> RuntimeError:
        return RuntimeError(
            f"{what}: this connection cannot carry a request from the server to the client "
            f"(MCP {self._ctx.protocol_version} has none), so this server cannot {verb}"
        )

    def _ready(
        self,
        what: str,
        capability: types.ClientCapabilities,
        name: str,
        verb: str,
    ) -> None:
        # Stateless HTTP answers each POST on its own: no stream stays open for the client's answer.
        request = self._ctx.request
        headers = getattr(request, "headers", None)
        if request is not None and not (headers and headers.get("mcp-session-id")):
            raise RuntimeError(
                f"{what}: stateless HTTP cannot carry a request from the server to the client, "
                f"so this server cannot {verb}; serve over stdio, or over HTTP with sessions"
            )
        if not self._ctx.session.check_client_capability(capability):
            raise RuntimeError(
                f"{what}: the client did not declare the {name} capability, so this server "
                f"cannot {verb}"
            )
