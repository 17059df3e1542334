"""The typed async client over the platform's HTTP API: a port of runtime/client/client.ts and
index.ts. Each call is validated against the tool's schema, completed with its defaults,
routed to one workspace (the route input's value, else the primary) and sent with that
workspace's token and no other."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Mapping
from dataclasses import replace
from types import TracebackType
from typing import TYPE_CHECKING

from .auth import Authorization, bearer
from .config import ApiClientConfig, CallOptions, ClientConfig, resolve_config
from .data import ClientData, HttpMethod, ToolData
from .defaults import DefaultsFiller, create_defaults_filler
from .env import config_from_env
from .errors import ClientError, InputError, UnknownWorkspaceError
from .redact import redact
from .request import plan_raw, plan_request
from .results import to_json

if TYPE_CHECKING:
    import httpx

    from .validate import Validator

if sys.version_info >= (3, 11):
    from typing import Self
else:  # pragma: no cover - Python 3.10
    from typing_extensions import Self

__all__ = ["Client", "client_from_env"]

_UNSET: object = object()


class Client:
    """A client over the platform's HTTP API for the tools of ``data`` (a generated package's
    ``spec.json`` ``client`` part). ``patterns`` is the spec's map of schema patterns to their
    Python translations. Use it as an async context manager, or call ``aclose``."""

    def __init__(
        self,
        data: ClientData,
        config: ClientConfig | ApiClientConfig,
        patterns: Mapping[str, str] | None = None,
    ) -> None:
        self._config = resolve_config(config, data["env"])
        self._tools: dict[str, ToolData] = {t["name"]: t for t in data["tools"]}
        self._schemas = {t["name"]: t["inputSchema"] for t in data["tools"]}
        self._patterns = patterns or {}
        self._validator: Validator | None = None
        self.with_defaults: DefaultsFiller = create_defaults_filler(self._schemas)
        self._tokens = list(self._config.secrets)
        self._client: httpx.AsyncClient | None = None

    # httpx and jsonschema are imported, and the schemas compiled, on first use: importing the
    # client module, or making a client that a CLI's --help never calls, stays cheap.

    def validate_input(self, name: str, input: object) -> list[str]:
        """The problems of an input for a tool, in toolgen's words; none when it fits."""
        if self._validator is None:
            from .validate import create_validator

            self._validator = create_validator(self._schemas, self._patterns)
        return self._validator(name, input)

    @property
    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            import httpx

            self._client = httpx.AsyncClient(
                transport=self._config.transport,
                follow_redirects=False,
                timeout=None,
                trust_env=False,
            )
        return self._client

    @property
    def workspaces(self) -> tuple[str, ...]:
        """The configured workspace ids, the primary first."""
        return tuple(self._config.workspaces)

    @property
    def primary(self) -> str:
        return self._config.primary

    async def call(
        self,
        name: str,
        input: Mapping[str, object] | None = None,
        options: CallOptions | None = None,
    ) -> object:
        """Calls an HTTP-bound tool by its spec name; the answer's parsed JSON (its text when
        not JSON, None when empty)."""
        tool = self._tools.get(name)
        if tool is None:
            raise ClientError(f"unknown tool {to_json(name)}")
        http = tool["http"]
        if http is None:
            raise ClientError(
                f"{name} is not a platform call: the agent's runtime handles it with its own"
                " handler",
                name,
            )
        args: object = {} if input is None else input
        problems = self.validate_input(name, args)
        if problems:
            raise InputError(name, [redact(p, self._tokens) for p in problems])
        fields = self.with_defaults(name, args)
        assert isinstance(fields, Mapping)
        route = http["route"]
        ws_id, auth = self._route(
            fields.get(route) if route is not None else None, name
        )
        plan = plan_request(name, http, fields, ws_id)
        key = http.get("idempotencyKey")
        if key is not None:
            # One key per call, sent again unchanged by each retry: the platform applies it once.
            plan = replace(plan, headers=(*plan.headers, (key, str(uuid.uuid4()))))
        idempotent = tool["idempotent"] or key is not None
        return await self._send(name, plan, auth, idempotent, options)

    async def request(
        self,
        method: HttpMethod,
        path: str,
        *,
        workspace: str | None = None,
        params: Mapping[str, str | int | float] | None = None,
        query: Mapping[str, object] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        label: str | None = None,
        options: CallOptions | None = None,
    ) -> object:
        """Calls a platform endpoint no tool declares, routed and authorised like a tool call:
        ``{$workspace}`` in ``path`` is the routed workspace's id, ``{name}`` is
        ``params[name]``; ``body`` (when given) is sent as JSON."""
        shown = label if isinstance(label, str) and label else f"{method} {path}"
        if self._config.api is not None and (
            workspace is not None or (isinstance(path, str) and "{$workspace}" in path)
        ):
            raise ClientError(
                f"{shown}: this API has no workspaces: a request names none, nor"
                " {$workspace} in its path",
                shown,
            )
        ws_id, auth = self._route(workspace, shown)
        extra = {} if body is _UNSET else {"body": body}
        plan = plan_raw(
            shown, method, path, ws_id, params, query, headers=headers, **extra
        )
        return await self._send(shown, plan, auth, None, options, method)

    async def _send(
        self,
        label: str,
        plan: object,
        auth: Authorization,
        idempotent: bool | None,
        options: CallOptions | None,
        method: str | None = None,
    ) -> object:
        from .request import PlannedRequest
        from .retry import is_idempotent, send_with_retries
        from .transport import Exchange

        assert isinstance(plan, PlannedRequest)
        given = (options or {}).get("timeout_ms")
        exchange = Exchange(
            config=self._config,
            tool=label,
            auth=auth,
            timeout_ms=self._config.timeout_ms if given is None else given,
        )
        return await send_with_retries(
            self._http,
            plan,
            exchange,
            is_idempotent(idempotent, method or plan.method),
            (options or {}).get("retry"),
        )

    def _route(self, named: object, label: str) -> tuple[str, Authorization]:
        """The workspace a call goes to: the one it names, else the primary; never a stranger.
        An API without workspaces has one credential (maybe none) for every call."""
        if self._config.api is not None:
            return "", self._config.api
        ws = self._config.primary if named is None else named
        token = self._config.workspaces.get(ws) if isinstance(ws, str) else None
        if token is None:
            # A caller that passes a token where a workspace id belongs must not see it echoed.
            shown = ws if isinstance(ws, str) else to_json(ws)
            raise UnknownWorkspaceError(
                redact(shown, self._tokens), self.workspaces, label
            )
        assert isinstance(ws, str)
        return ws, bearer(token)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.aclose()


def client_from_env(
    data: ClientData,
    env: Mapping[str, str] | None = None,
    patterns: Mapping[str, str] | None = None,
) -> Client:
    """A client configured from the environment variables the spec names (``data["env"]``):
    the base URL, and a workspace id with its token or a JSON array of ``{"id", "token"}``.
    ``env`` defaults to ``os.environ``."""
    return Client(
        data, config_from_env(os.environ if env is None else env, data["env"]), patterns
    )
