"""A platform's workspaces, as a client configuration gives them (``workspace`` or
``workspaces``) or the environment does: each ``{id, token}`` checked, a token never quoted.
A port of the workspace checks of runtime/client/config.ts."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from .config import kind
from .redact import MIN_TOKEN_LENGTH
from .results import to_json

_TOKEN_CHARS = re.compile(r"[\x21-\x7e]+\Z")


def resolve_workspaces(
    config: Mapping[str, object], problems: list[str]
) -> dict[str, str]:
    """One workspace (``workspace``) or several (``workspaces``), each checked."""
    items: Sequence[object] = []
    where = "workspaces"
    single = config.get("workspace")
    many = config.get("workspaces")
    if single is not None and many is not None:
        problems.append("give either workspace or workspaces, not both")
    elif single is not None:
        items = [single]
        where = "workspace"
    elif many is not None:
        if not isinstance(many, (list, tuple)):
            problems.append(
                f"workspaces must be a list of {{id, token}}, got {kind(many)}"
            )
        elif len(many) == 0:
            problems.append("workspaces is empty: give at least one {id, token}")
        else:
            items = many
    else:
        problems.append(
            "no workspace: give workspace={id, token} or workspaces=[{id, token}, ...]"
        )
    return check_workspaces(
        items,
        lambda i: "workspace" if where == "workspace" else f"workspaces[{i}]",
        problems,
    )


def check_workspaces(
    items: Sequence[object], at: Callable[[int], str], problems: list[str]
) -> dict[str, str]:
    """Checks each {id, token} entry; ``at(i)`` names entry i in messages. Tokens are never
    quoted."""
    out: dict[str, str] = {}
    first: dict[str, int] = {}
    for i, entry in enumerate(items):
        if not isinstance(entry, Mapping):
            problems.append(
                f"{at(i)} must be an object with an id and a token, got {kind(entry)}"
            )
            continue
        ws_id = entry.get("id")
        token = entry.get("token")
        before = len(problems)
        if "id" not in entry:
            problems.append(f"{at(i)} has no id")
        elif not isinstance(ws_id, str):
            problems.append(f"{at(i)}.id must be a string, got {kind(ws_id)}")
        elif ws_id.strip() == "":
            problems.append(f"{at(i)}.id is empty")
        label = (
            f"{at(i)} (workspace {to_json(ws_id)})"
            if isinstance(ws_id, str) and ws_id.strip() != ""
            else at(i)
        )
        if "token" not in entry:
            problems.append(f"{label} has no token")
        elif not isinstance(token, str):
            problems.append(f"{label}: token must be a string, got {kind(token)}")
        elif token == "":
            problems.append(f"{label}: token is empty")
        elif not _TOKEN_CHARS.match(token):
            problems.append(
                f"{label}: token contains spaces or characters that cannot be sent in a header"
            )
        elif len(token) < MIN_TOKEN_LENGTH:
            problems.append(
                f"{label}: token is shorter than {MIN_TOKEN_LENGTH} characters, too short to be"
                " kept out of messages safely"
            )
        if (
            len(problems) > before
            or not isinstance(ws_id, str)
            or not isinstance(token, str)
        ):
            continue
        if ws_id in first:
            problems.append(
                f"workspace {to_json(ws_id)} is listed twice ({at(first[ws_id])} and {at(i)})"
            )
            continue
        first[ws_id] = i
        out[ws_id] = token
    return out
