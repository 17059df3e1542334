"""The Python client's hooks (toolgen_core/hooks.py), as runtime/client/hooks.ts behaves
(tests/runtime/client/hooks.test.ts): the checks of ``ClientConfig["hooks"]``, the redaction of
URLs and headers, and a hook that raises. The shared vectors (tests/vectors/hooks/) hold what
the hooks are given over a real server in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from platform_server import Platform, running_platform
from toolgen_core.client import Client
from toolgen_core.data import SpecData
from toolgen_core.errors import ConfigError
from toolgen_core.hooks import RequestInfo, redact_headers, redact_url
from toolgen_core.redact import REDACTED

TOKEN = "tok-hook-a-SECRET-31f7"


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with running_platform() as p:
        yield p


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "https://h/a?api_key=1&apiKey=2&key=3&x=4",
            f"https://h/a?api_key={REDACTED}&apiKey={REDACTED}&key={REDACTED}&x=4",
        ),
        ("https://h/a?Session=1#frag", f"https://h/a?Session={REDACTED}#frag"),
        ("https://u:p@h/a", "https://h/a"),
        ("https://h/t0k%2Fen/x?v=t0k%2fen", f"https://h/{REDACTED}/x?v={REDACTED}"),
        ("https://h/a?author=me&monkey=1", "https://h/a?author=me&monkey=1"),
        # ASCII case-insensitive, as JavaScript's `i`: a long s (U+017F) is no `s`.
        ("https://h/a?\u017fecret=1", "https://h/a?\u017fecret=1"),
    ],
)
def test_redact_url(url: str, shown: str) -> None:
    assert redact_url(url, ["t0k/en"]) == shown


def test_redact_headers_keeps_the_scheme_sorts_and_joins() -> None:
    shown = redact_headers(
        [
            ("X-Trace", f"t {TOKEN}"),
            ("Authorization", f"Bearer {TOKEN}"),
            ("Set-Cookie", "a=1"),
            ("set-cookie", "b=2"),
            ("X-Auth-User", "me"),
        ],
        [TOKEN],
    )
    assert list(shown.items()) == [
        ("authorization", f"Bearer {REDACTED}"),
        ("set-cookie", f"{REDACTED}, {REDACTED}"),
        ("x-auth-user", REDACTED),
        ("x-trace", f"t {REDACTED}"),
    ]


@pytest.mark.parametrize(
    ("hooks", "problem"),
    [
        ({"on_request": "log"}, "hooks.on_request must be a function"),
        ({"on_response": {}}, "hooks.on_response must be a function"),
        (
            {"on_requests": print},
            "hooks.on_requests is not a hook (the hooks are on_request and on_response)",
        ),
        (["on_request"], "hooks must be a dict of on_request and on_response"),
    ],
)
def test_a_hook_that_is_not_a_function_is_a_config_error(
    hooks: object, problem: str, reference_spec: SpecData
) -> None:
    with pytest.raises(ConfigError) as raised:
        Client(
            reference_spec["client"],
            {
                "base_url": "http://127.0.0.1:1",
                "workspace": {"id": "ws-a", "token": TOKEN},
                "hooks": hooks,  # type: ignore[typeddict-item]
            },
        )
    assert list(raised.value.problems) == [problem]


@pytest.mark.anyio
async def test_a_raising_hook_fails_the_call_with_its_own_exception(
    platform: Platform, reference_spec: SpecData
) -> None:
    boom = OSError(
        "the log is full"
    )  # an OSError, which the transport would otherwise word

    def before(info: RequestInfo) -> None:
        raise boom

    platform.reset()
    config = {
        "base_url": platform.url,
        "workspace": {"id": "ws-a", "token": TOKEN},
    }
    async with Client(
        reference_spec["client"], {**config, "hooks": {"on_request": before}}
    ) as client:
        with pytest.raises(OSError) as raised:
            await client.call("get_workspace_info", {})
    assert raised.value is boom
    assert platform.requests == []

    async def after(info: object) -> None:
        raise boom

    platform.reply(200, {})
    async with Client(
        reference_spec["client"], {**config, "hooks": {"on_response": after}}
    ) as client:
        with pytest.raises(OSError) as raised:
            await client.call("commit_memory", {"content": "a fact"})
    assert raised.value is boom
    assert len(platform.requests) == 1
