"""The credential of an API without workspaces: a port of runtime/client/auth.ts, with the same
problems, word for word where they name environment variables."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from .redact import MIN_TOKEN_LENGTH

if TYPE_CHECKING:
    from .data import AuthEnv, EnvNames

_TOKEN_CHARS = re.compile(r"[\x21-\x7e]+\Z")
_USER_CHARS = re.compile(r"[\x20-\x7e]+\Z")


@dataclass(frozen=True)
class Authorization:
    """What a request carries to authenticate: headers, or one query parameter, and the secrets
    that must never be shown (the token or key, basic's password and its base64 ``user:password``)."""

    headers: tuple[tuple[str, str], ...] = ()
    query: tuple[str, str] | None = None
    secrets: tuple[str, ...] = ()


NO_AUTHORIZATION = Authorization()


def has_workspaces(names: EnvNames) -> bool:
    """True for a platform's names (workspaces), False for an API's."""
    return "workspaceId" in names


def bearer(token: str) -> Authorization:
    return Authorization(
        headers=(("authorization", f"Bearer {token}"),), secrets=(token,)
    )


def auth_kind(auth: AuthEnv) -> str:
    """``bearer``, ``api_key`` or ``basic``: the key createClient's ``auth`` takes."""
    return "bearer" if "bearer" in auth else "api_key" if "apiKey" in auth else "basic"


def _shape(auth: AuthEnv) -> str:
    kind = auth_kind(auth)
    if kind == "basic":
        return '{"basic": {"username": ..., "password": ...}}'
    return f'{{"{kind}": "..."}}'


def resolve_auth(
    given: object, spec: AuthEnv | None, problems: list[str]
) -> Authorization:
    """Checks a client configuration's ``auth`` against the spec's: its kind, its values (never
    quoted), and its presence unless the spec marks the credential optional."""
    if spec is None:
        if given is not None:
            problems.append(
                "auth is given, but this API declares no credential (targets.client.auth)"
            )
        return NO_AUTHORIZATION
    if given is None:
        if spec.get("optional") is not True:
            problems.append(f"auth is not set: this API needs {_shape(spec)}")
        return NO_AUTHORIZATION
    kind = auth_kind(spec)
    if not isinstance(given, Mapping) or kind not in given:
        problems.append(f"auth must be {_shape(spec)} for this API")
        return NO_AUTHORIZATION
    if kind == "basic":
        basic = given["basic"]
        if not isinstance(basic, Mapping):
            problems.append(
                "auth.basic must be an object with a username and a password"
            )
            return NO_AUTHORIZATION
        before = len(problems)
        username = basic.get("username")
        if not isinstance(username, str) or username == "":
            problems.append("auth.basic.username must be a non-empty string")
        elif ":" in username or not _USER_CHARS.match(username):
            problems.append(
                "auth.basic.username may not contain a colon or a character outside visible ASCII"
            )
        password = check_secret(basic.get("password"), "auth.basic.password", problems)
        if len(problems) > before or not isinstance(username, str) or password is None:
            return NO_AUTHORIZATION
        return basic_authorization(username, password)
    value = check_secret(given[kind], f"auth.{kind}", problems)
    return NO_AUTHORIZATION if value is None else place_secret(spec, value)


def place_secret(spec: AuthEnv, value: str) -> Authorization:
    """The credential placed as the spec says: a header, or the API key as a query parameter."""
    if "bearer" in spec:
        return bearer(value)
    if "query" in spec:
        return Authorization(query=(spec["query"], value), secrets=(value,))
    return Authorization(headers=((spec["header"], value),), secrets=(value,))


def basic_authorization(username: str, password: str) -> Authorization:
    """``Authorization: Basic base64(user:password)``; the password and the base64 are secrets."""
    encoded = base64.b64encode(f"{username}:{password}".encode()).decode("ascii")
    return Authorization(
        headers=(("authorization", f"Basic {encoded}"),),
        secrets=(password, encoded),
    )


def check_secret(value: object, name: str, problems: list[str]) -> str | None:
    """A token, key or password: a string that can be sent and kept out of messages; never quoted."""
    before = len(problems)
    if not isinstance(value, str):
        problems.append(f"{name} must be a string")
    elif value == "":
        problems.append(f"{name} is empty")
    elif not _TOKEN_CHARS.match(value):
        problems.append(
            f"{name} contains spaces or characters that cannot be sent in a header"
        )
    elif len(value) < MIN_TOKEN_LENGTH:
        problems.append(
            f"{name} is shorter than {MIN_TOKEN_LENGTH} characters, too short to be kept"
            " out of messages safely"
        )
    return value if len(problems) == before and isinstance(value, str) else None


def auth_from_env(
    get: Callable[[str], str | None], auth: AuthEnv | None, problems: list[str]
) -> dict[str, object] | None:
    """The credential an API's spec declares, from its variables (runtime/client/env.ts)."""
    if auth is None:
        return None
    optional = auth.get("optional") is True
    if "basic" in auth:
        names = auth["basic"]
        user_name, pass_name = names["username"], names["password"]
        user, password = get(user_name), get(pass_name)
        if user is None and password is None:
            if not optional:
                problems.append(
                    f"{user_name} and {pass_name} are not set: give the API's basic-auth user"
                    " name and password"
                )
            return None
        if user is None or password is None:
            missing, present = (
                (user_name, pass_name) if user is None else (pass_name, user_name)
            )
            problems.append(
                f"{missing} is not set but {present} is: give both the user name and the password"
            )
            return None
        if ":" in user or not _USER_CHARS.match(user):
            problems.append(
                f"{user_name} may not contain a colon or a character outside visible ASCII"
            )
        checked = check_secret(password, pass_name, problems)
        if checked is None:
            return None
        return {"basic": {"username": user, "password": checked}}
    is_bearer = "bearer" in auth
    name = auth["bearer"] if is_bearer else auth["apiKey"]
    value = get(name)
    if value is None:
        if not optional:
            what = "bearer token" if is_bearer else "API key"
            problems.append(f"{name} is not set: give the API's {what}")
        return None
    checked = check_secret(value, name, problems)
    if checked is None:
        return None
    return {"bearer": checked} if is_bearer else {"api_key": checked}


def secrets_in_env(env: Mapping[str, str], auth: AuthEnv | None) -> list[object]:
    """The credential's values the environment holds, however wrong: for redaction only."""
    if auth is None:
        return []
    if "basic" in auth:
        user = env.get(auth["basic"]["username"])
        password = env.get(auth["basic"]["password"])
        out: list[object] = [password]
        if isinstance(user, str) and isinstance(password, str):
            pair = f"{user.strip()}:{password.strip()}"
            out.append(base64.b64encode(pair.encode()).decode("ascii"))
        return out
    return [env.get(auth["bearer"] if "bearer" in auth else auth["apiKey"])]


def with_query_credential(url: str, query: tuple[str, str] | None) -> str:
    """The URL with the API key's query parameter set: any of that name (a redirect's Location
    may echo it) dropped first, then the key appended, encoded as encodeURIComponent does."""
    if query is None:
        return url
    name, value = query
    head = url.split("#", 1)[0]
    path, _, search = head.partition("?")
    kept = [
        pair for pair in search.split("&") if pair != "" and _decoded_name(pair) != name
    ]
    kept.append(f"{_component(name)}={_component(value)}")
    return f"{path}?{'&'.join(kept)}"


def _decoded_name(pair: str) -> str:
    return unquote(pair.split("=", 1)[0].replace("+", " "))


def _component(text: str) -> str:
    return quote(text, safe="!'()*-._~")


def credential_variables(auth: AuthEnv | None) -> list[tuple[str, str]]:
    """The variables of an API's credential with what each holds, for help texts."""
    if auth is None:
        return []
    optional = ", optional" if auth.get("optional") is True else ""
    if "basic" in auth:
        return [
            (auth["basic"]["username"], f"The basic-auth user name{optional}"),
            (
                auth["basic"]["password"],
                f"The basic-auth password (never printed{optional})",
            ),
        ]
    if "bearer" in auth:
        return [(auth["bearer"], f"The bearer token (never printed{optional})")]
    where = (
        f"header {auth['header']}"
        if "header" in auth
        else f"query parameter {auth['query']}"
    )
    return [(auth["apiKey"], f"The API key, sent in {where} (never printed{optional})")]
