"""The text a model reads back from a call, in every consumer (MCP, LangChain, function calling).

A port of runtime/shared/result-text.ts and tool-errors.ts: the same words in both languages.
"""

from __future__ import annotations

from .jsjson import stringify

NO_CONTENT = "Done: the call returned no content."


def result_text(value: object, indent: int | None = None) -> str:
    """A successful call's result as text: a string as it came, anything else as JSON (compact
    unless ``indent`` says otherwise, in JavaScript's ``JSON.stringify`` layout), and a plain
    sentence when the call answered nothing, since an empty tool result confuses models."""
    if isinstance(value, str):
        return value
    if value is None:
        return NO_CONTENT
    return to_json(value, indent)


def to_json(value: object, indent: int | None = None) -> str:
    """JSON as JavaScript's ``JSON.stringify(value, null, indent)`` writes it (``jsjson``): no
    spaces when compact, non-ASCII characters as they are, numbers as JavaScript prints them
    (``1.0`` as ``1``). Raises ``ValueError`` for NaN or infinity and ``TypeError`` for a value
    JSON cannot hold."""
    return stringify(value, indent)


def error_text(tool: str, error: BaseException) -> str:
    """What a model reads when a call fails: ``Error from <tool> (HTTP <status>): <reason>``. The
    client's errors never carry a token, so their message is safe to show; the HTTP status is
    given because models act on it (retry a 503, not a 404)."""
    message = str(error)
    status = getattr(error, "status", None)
    prefix = f"{tool}: "
    reason = message.removeprefix(prefix)
    shown = (
        f" (HTTP {status})"
        if isinstance(status, int) and not isinstance(status, bool)
        else ""
    )
    return f"Error from {tool}{shown}: {reason}"
