"""The Python package of an API without workspaces (tests/fixtures/api/tools.yaml), generated
with a bearer token and with an API key in the query, called as a user would: the generated
client and CLI, given only the base URL and the credential, against a real server on
127.0.0.1. The package passes mypy --strict and ruff, its API configuration typed."""

from __future__ import annotations

import base64
import importlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from conftest import MYPY_CACHE, ROOT, generate

SPEC = (ROOT / "tests" / "fixtures" / "api" / "tools.yaml").read_text("utf-8")
TOKEN = "tok-PY-SECRET-40ce"
KEY = "key/PY+SECRET=31&z"
VARIANTS: dict[str, dict[str, Any]] = {
    "bearer": {"auth": "bearer: PETSTORE_TOKEN", "env": {"PETSTORE_TOKEN": TOKEN}},
    "query": {
        "auth": "api_key: { env: PETSTORE_KEY, query: api_key }",
        "env": {"PETSTORE_KEY": KEY},
    },
}


class Api:
    """Records each request; answers 200 with the pet, or 401 echoing the request target."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []
        self.refuse = False
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                api.seen.append(
                    {
                        "url": self.path,
                        "authorization": self.headers.get("authorization"),
                    }
                )
                status, body = (
                    (401, {"error": f"refused {self.path}"})
                    if api.refuse
                    else (200, {"id": "p1", "name": "Rex"})
                )
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def api() -> Iterator[Api]:
    a = Api()
    yield a
    a.server.shutdown()
    a.server.server_close()


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each variant generated as its own module, ``acme_petstore_<variant>``."""
    out: dict[str, Path] = {}
    for name, variant in VARIANTS.items():
        text = (
            SPEC.replace("bearer: PETSTORE_TOKEN", variant["auth"])
            .replace("module: acme_petstore", f"module: acme_petstore_{name}")
            .replace("package: acme-petstore", f"package: acme-petstore-{name}")
        )
        out[name] = generate(tmp_path_factory.mktemp(f"api-{name}"), text)
        sys.path.insert(0, str(out[name] / "src"))
    return out


def _check_sent(name: str, seen: dict[str, Any]) -> None:
    if name == "bearer":
        assert seen["authorization"] == f"Bearer {TOKEN}"
    else:
        assert parse_qs(urlsplit(seen["url"]).query)["api_key"] == [KEY]
        assert seen["authorization"] is None


@pytest.mark.anyio
@pytest.mark.parametrize("name", list(VARIANTS))
async def test_the_client_sends_the_credential_where_the_spec_says(
    name: str, api: Api, packages: dict[str, Path]
) -> None:
    api.seen, api.refuse = [], False
    module = importlib.import_module(f"acme_petstore_{name}.client")
    env = {"PETSTORE_URL": f"{api.url}/v1", **VARIANTS[name]["env"]}
    async with module.create_client_from_env(env) as client:
        assert client.workspaces == ()
        assert await client.get_pet({"pet_id": "p1"}) == {"id": "p1", "name": "Rex"}
    assert urlsplit(api.seen[0]["url"]).path == "/v1/pets/p1"
    _check_sent(name, api.seen[0])


@pytest.mark.anyio
async def test_request_carries_the_credential_and_names_no_workspace(
    api: Api, packages: dict[str, Path]
) -> None:
    api.seen, api.refuse = [], False
    module = importlib.import_module("acme_petstore_query.client")
    env = {"PETSTORE_URL": f"{api.url}/v1", "PETSTORE_KEY": KEY}
    async with module.create_client_from_env(env) as client:
        await client.request(
            "GET",
            "/pets/{id}",
            params={"id": "p/1"},
            query={"api_key": "spoofed-value-1234"},
        )
        with pytest.raises(module.ClientError) as refused:
            await client.request("GET", "/{$workspace}/pets")
    assert str(refused.value) == (
        "GET /{$workspace}/pets: this API has no workspaces: a request names none, nor"
        " {$workspace} in its path"
    )
    url = urlsplit(api.seen[0]["url"])
    assert (url.path, parse_qs(url.query)) == ("/v1/pets/p%2F1", {"api_key": [KEY]})


@pytest.mark.anyio
@pytest.mark.parametrize("name", list(VARIANTS))
async def test_the_mcp_server_serves_with_the_credential_alone(
    name: str, api: Api, packages: dict[str, Path]
) -> None:
    import mcp
    from mcp.client.stdio import StdioServerParameters

    api.seen, api.refuse = [], False
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(packages[name] / "src"),
        "PETSTORE_URL": f"{api.url}/v1",
        **VARIANTS[name]["env"],
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", f"acme_petstore_{name}.mcp"], env=env
    )
    async with mcp.Client(params) as client:
        result = await client.call_tool("get_pet", {"pet_id": "p1"})
    assert not result.is_error
    _check_sent(name, api.seen[0])


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_cli_runs_with_the_credential_alone_and_never_prints_it(
    name: str, api: Api, packages: dict[str, Path]
) -> None:
    api.seen, api.refuse = [], False
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(packages[name] / "src"),
        "PETSTORE_URL": f"{api.url}/v1",
        **VARIANTS[name]["env"],
    }

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", f"acme_petstore_{name}.cli", *args],
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )

    done = cli("get", "p1")
    assert (done.returncode, done.stderr) == (0, "")
    assert "Rex" in done.stdout
    _check_sent(name, api.seen[0])
    api.refuse = True
    refused = cli("get", "p2")
    assert refused.returncode != 0
    assert "[redacted]" in refused.stderr or name == "bearer"
    for secret in (TOKEN, KEY, quote(KEY, safe="")):
        assert secret not in refused.stdout + refused.stderr


def test_the_package_passes_mypy_strict_and_ruff(packages: dict[str, Path]) -> None:
    for folder in packages.values():
        for command in (
            ["mypy", "--cache-dir", MYPY_CACHE, "--config-file"],
            ["ruff", "check", "--no-cache"],
        ):
            args = (
                [*command, str(folder / "pyproject.toml")]
                if command[0] == "mypy"
                else command
            )
            target = str(folder / "src") if command[0] == "mypy" else str(folder)
            done = subprocess.run(
                [sys.executable, "-m", *args, target],
                capture_output=True,
                text=True,
                check=False,
            )
            assert done.returncode == 0, done.stdout + done.stderr


def test_what_the_cli_and_mcp_bin_keep_out_of_what_they_print() -> None:
    from toolgen_core.env import tokens_in_env

    password = "pw-PY-SECRET-0b2d"
    env = {
        "PETSTORE_KEY": f" {KEY} ",
        "PETSTORE_USER": "ann",
        "PETSTORE_PASSWORD": password,
    }
    key_names: Any = {
        "baseUrl": "PETSTORE_URL",
        "auth": {"apiKey": "PETSTORE_KEY", "query": "api_key"},
    }
    basic_names: Any = {
        "baseUrl": "PETSTORE_URL",
        "auth": {
            "basic": {"username": "PETSTORE_USER", "password": "PETSTORE_PASSWORD"}
        },
    }
    assert tokens_in_env(env, key_names) == [KEY]
    encoded = base64.b64encode(f"ann:{password}".encode()).decode()
    assert tokens_in_env(env, basic_names) == [password, encoded]
    assert tokens_in_env(env, {"baseUrl": "PETSTORE_URL"}) == []


def _problems(config: Any, auth: Any) -> list[str]:
    from toolgen_core.config import resolve_config
    from toolgen_core.errors import ConfigError

    names: Any = {"baseUrl": "PETSTORE_URL", "auth": auth}
    with pytest.raises(ConfigError) as refused:
        resolve_config(config, names)
    return list(refused.value.problems)


def test_a_configuration_in_code_is_checked_against_the_specs_credential() -> None:
    bearer = {"bearer": "PETSTORE_TOKEN"}
    header = {"apiKey": "PETSTORE_KEY", "header": "X-API-Key"}
    url = "https://api.example.com"
    assert _problems({"base_url": url}, bearer) == [
        'auth is not set: this API needs {"bearer": "..."}'
    ]
    assert _problems(
        {
            "base_url": url,
            "auth": {"bearer": TOKEN},
            "workspace": {"id": "w", "token": TOKEN},
        },
        bearer,
    ) == [
        "this API has no workspaces: give base_url and auth, not workspace or workspaces"
    ]
    assert _problems({"base_url": url, "auth": {"bearer": TOKEN}}, header) == [
        'auth must be {"api_key": "..."} for this API'
    ]
    assert _problems(
        {"base_url": url, "auth": {"api_key": KEY}, "headers": {"X-API-Key": "x"}},
        header,
    ) == ["headers may not set X-API-Key: the client sends its own credential there"]
    assert _problems({"base_url": url, "auth": {"api_key": "short"}}, header) == [
        "auth.api_key is shorter than 8 characters, too short to be kept out of messages safely"
    ]
