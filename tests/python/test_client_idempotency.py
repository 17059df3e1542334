"""A binding's idempotency key in the Python client, as tests/runtime/client/idempotency.test.ts
holds it of the TypeScript one: a fresh key per call, the same on each retry of that call. The
shared vectors (tests/vectors/client/idempotency-key-*.json) hold the retries in both."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator

import pytest
from platform_server import Platform, running_platform
from toolgen_core.client import Client
from toolgen_core.config import RetryOptions
from toolgen_core.data import ClientData, SpecData
from toolgen_core.errors import PlatformError

UUID4 = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
)
WORKSPACE = {"id": "ws-a", "token": "tok-idem-a-5e2b"}


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with running_platform() as p:
        yield p


def _keyed(spec: SpecData) -> ClientData:
    """The reference spec's client data, commit_memory marked with ``Idempotency-Key``."""
    data = copy.deepcopy(spec["client"])
    for tool in data["tools"]:
        if tool["name"] == "commit_memory" and tool["http"] is not None:
            tool["http"]["idempotencyKey"] = "Idempotency-Key"
    return data


def _keys(platform: Platform) -> list[str | None]:
    return [r.headers.get("idempotency-key") for r in platform.requests]


@pytest.mark.anyio
async def test_each_call_sends_a_fresh_key(
    platform: Platform, reference_spec: SpecData
) -> None:
    platform.reset()
    platform.reply(201, {"id": "m"})
    config = {"base_url": platform.url, "workspace": WORKSPACE}
    async with Client(_keyed(reference_spec), config) as client:  # type: ignore[arg-type]
        await client.call("commit_memory", {"content": "one"})
        await client.call("commit_memory", {"content": "two"})
    first, second = _keys(platform)
    assert first is not None and UUID4.fullmatch(first)
    assert second is not None and UUID4.fullmatch(second)
    assert first != second


@pytest.mark.anyio
async def test_each_retry_sends_the_calls_key(
    platform: Platform, reference_spec: SpecData
) -> None:
    platform.reset()
    platform.reply(503, {"error": "busy"})
    waits: list[float] = []

    async def sleep(ms: float) -> None:
        waits.append(ms)

    retry: RetryOptions = {"sleep": sleep}
    config = {"base_url": platform.url, "workspace": WORKSPACE, "retry": retry}
    async with Client(_keyed(reference_spec), config) as client:  # type: ignore[arg-type]
        with pytest.raises(PlatformError):
            await client.call("commit_memory", {"content": "a fact"})
    keys = _keys(platform)
    assert len(keys) == 3 and len(waits) == 2
    assert len(set(keys)) == 1 and keys[0] is not None


@pytest.mark.anyio
async def test_without_a_key_a_post_is_sent_once(
    platform: Platform, reference_spec: SpecData
) -> None:
    platform.reset()
    platform.reply(503, {"error": "busy"})
    config = {"base_url": platform.url, "workspace": WORKSPACE}
    async with Client(reference_spec["client"], config) as client:  # type: ignore[arg-type]
        with pytest.raises(PlatformError):
            await client.call("commit_memory", {"content": "a fact"})
    assert _keys(platform) == [None]
