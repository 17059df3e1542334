"""A client configuration from environment variables: a port of runtime/client/env.ts, with the
same variables and the same problems, word for word."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from .auth import auth_from_env, has_workspaces, secrets_in_env
from .config import (
    ApiClientConfig,
    ClientConfig,
    WorkspaceCredentials,
    check_base_url,
    kind,
)
from .data import EnvNames
from .errors import ConfigError
from .redact import MIN_TOKEN_LENGTH
from .workspaces import check_workspaces


def config_from_env(
    env: Mapping[str, str], names: EnvNames
) -> ClientConfig | ApiClientConfig:
    """The base URL, and either one workspace id with its token or a JSON array of
    ``{"id", "token"}``. Every malformed shape gets its own message; a token is never repeated
    in one."""
    problems: list[str] = []

    def get(name: str) -> str | None:
        value = env.get(name)
        return None if value is None or value.strip() == "" else value.strip()

    base_url = get(names["baseUrl"]) or names.get("defaultBaseUrl")
    platform = has_workspaces(names)
    base = check_base_url(base_url, names["baseUrl"], problems, platform)
    if not platform:
        auth = auth_from_env(get, names.get("auth"), problems)
        if problems or base is None or base_url is None:
            raise ConfigError(problems)
        api: ApiClientConfig = {"base_url": base_url}
        if auth is not None:
            api["auth"] = auth
        return api
    listed = get(names["workspaces"])
    ws_id = get(names["workspaceId"])
    token = get(names["token"])
    workspaces: list[WorkspaceCredentials] = []
    if listed is not None:
        if ws_id is not None or token is not None:
            both = " and ".join(
                n
                for n in (
                    names["workspaceId"] if ws_id is not None else "",
                    names["token"] if token is not None else "",
                )
                if n
            )
            problems.append(
                f"{names['workspaces']} is set together with {both}: set only one of the two forms"
            )
        else:
            workspaces = _parse_list(listed, names["workspaces"], problems)
    elif ws_id is not None and token is not None:
        checked = check_workspaces(
            [{"id": ws_id, "token": token}], lambda _i: names["workspaceId"], problems
        )
        workspaces = [{"id": i, "token": t} for i, t in checked.items()]
    elif ws_id is not None:
        problems.append(
            f"{names['workspaceId']} is set but {names['token']} is not: give the workspace's token"
        )
    elif token is not None:
        problems.append(
            f"{names['token']} is set but {names['workspaceId']} is not: give the workspace's id"
        )
    else:
        problems.append(
            f"no workspace configured: set {names['workspaceId']} and {names['token']}, or"
            f' {names["workspaces"]} to a JSON array of {{"id", "token"}} objects'
        )
    if problems or base is None or base_url is None:
        raise ConfigError(problems)
    return {"base_url": base_url, "workspaces": workspaces}


def _parse_list(
    text: str, name: str, problems: list[str]
) -> list[WorkspaceCredentials]:
    try:
        value: object = json.loads(text, parse_constant=_refuse)
    except ValueError:
        # The parser's message quotes the text around the error, which may be a token.
        problems.append(
            f'{name} is not valid JSON: expected an array like [{{"id": "...", "token": "..."}}]'
        )
        return []
    if not isinstance(value, list):
        problems.append(
            f'{name} must be a JSON array of {{"id", "token"}} objects, got {kind(value)}'
        )
        return []
    if not value:
        problems.append(
            f'{name} is an empty list: give at least one {{"id", "token"}} object'
        )
        return []
    checked = check_workspaces(value, lambda i: f"{name}[{i}]", problems)
    return [{"id": i, "token": t} for i, t in checked.items()]


def _refuse(constant: str) -> object:
    raise ValueError(f"{constant} is not JSON")


def tokens_in_env(
    env: Mapping[str, str], names: EnvNames, extra: Sequence[str] = ()
) -> list[str]:
    """Every token the environment configures, however wrong the rest of it is: for keeping
    them out of what is printed (a token typed as an argument by mistake), never for calling.
    Tokens shorter than MIN_TOKEN_LENGTH, which no client accepts, are left out."""
    tokens: list[object] = [env.get(name) for name in extra]
    if "workspaceId" not in names:
        tokens += secrets_in_env(env, names.get("auth"))
        return _kept(tokens)
    tokens.append(env.get(names["token"]))
    try:
        listed = json.loads(env.get(names["workspaces"]) or "[]")
    except (ValueError, RecursionError):
        listed = []  # not JSON: no token to read in it
    if isinstance(listed, list):
        tokens += [item.get("token") for item in listed if isinstance(item, dict)]
    return _kept(tokens)


def _kept(tokens: list[object]) -> list[str]:
    return [
        t.strip()
        for t in tokens
        if isinstance(t, str) and len(t.strip()) >= MIN_TOKEN_LENGTH
    ]
