"""Every error the client raises: a port of runtime/client/errors.ts, with the same meanings.

None of them ever carries a token: messages and bodies pass through ``redact`` before they are
stored (see ``redact``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

__all__ = [
    "CallTimeoutError",
    "ClientError",
    "ConfigError",
    "InputError",
    "NetworkError",
    "OutcomeUnknownError",
    "PlatformError",
    "UnknownWorkspaceError",
]


class ClientError(Exception):
    """Anything that went wrong while calling the platform through this client."""

    message: str
    tool: str | None
    """The tool being called, when the error belongs to one call."""

    def __init__(self, message: str, tool: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.tool = tool

    def __str__(self) -> str:
        return self.message


class PlatformError(ClientError):
    """The platform answered, but not with a 2xx status. ``message`` is the platform's own
    explanation, or a sentence naming the status when it gave none; ``body`` is the answer's
    parsed JSON or its text (None when empty), with tokens redacted; ``retry_after`` the
    answer's Retry-After header, when it had one."""

    status: int
    body: object
    retry_after: str | None

    def __init__(
        self,
        status: int,
        message: str,
        body: object,
        tool: str | None = None,
        *,
        retry_after: str | None = None,
    ) -> None:
        super().__init__(message, tool)
        self.status = status
        self.body = body
        self.retry_after = retry_after


class CallTimeoutError(ClientError):
    """No complete answer arrived within the time limit (``TimeoutError`` in TypeScript; renamed
    so as not to shadow Python's builtin)."""

    timeout_ms: float

    def __init__(
        self, message: str, timeout_ms: float, tool: str | None = None
    ) -> None:
        super().__init__(message, tool)
        self.timeout_ms = timeout_ms


class NetworkError(ClientError):
    """The platform could not be reached: refused connection, DNS failure, reset, TLS problem.
    ``code`` is the system's error name when there is one, e.g. ``ECONNREFUSED``."""

    code: str | None

    def __init__(self, message: str, code: str | None, tool: str | None = None) -> None:
        super().__init__(message, tool)
        self.code = code


class OutcomeUnknownError(ClientError):
    """The request was sent (a write: not GET or HEAD), and the connection ended before any
    answer: the platform may have applied it. Not a NetworkError, whose calls never reached the
    platform, so that code that sends again on a NetworkError does not write twice. ``code`` is
    the system's error name when there is one, e.g. ``ECONNRESET``."""

    code: str | None

    def __init__(self, message: str, code: str | None, tool: str | None = None) -> None:
        super().__init__(message, tool)
        self.code = code


class ConfigError(ClientError):
    """The client's configuration (or the environment it was read from) is unusable. Each
    problem is one sentence; the message joins them with ``; ``."""

    problems: tuple[str, ...]

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


class UnknownWorkspaceError(ClientError):
    """A call named a workspace this client holds no token for."""

    workspace: str

    def __init__(
        self, workspace: str, known: Sequence[str], tool: str | None = None
    ) -> None:
        configured = ", ".join(_quote(k) for k in known)
        super().__init__(
            f"workspace {_quote(workspace)} is not configured in this client"
            f" (configured: {configured})",
            tool,
        )
        self.workspace = workspace


class InputError(ClientError):
    """A call's input does not match the tool's input schema; nothing was sent."""

    problems: tuple[str, ...]

    def __init__(self, tool: str, problems: Sequence[str]) -> None:
        super().__init__(f"invalid input for {tool}: {'; '.join(problems)}", tool)
        self.problems = tuple(problems)


def _quote(text: str) -> str:
    """A string as JavaScript's ``JSON.stringify`` quotes it."""
    return json.dumps(text, ensure_ascii=False)
