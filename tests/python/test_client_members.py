"""A tool's client method never takes a name the client itself has: the generator's list of
them (generator/model/python-names.ts, CLIENT_MEMBERS) is the runtime Client's public names."""

from __future__ import annotations

import re

from conftest import ROOT
from toolgen_core.client import Client


def test_the_generators_list_is_the_clients_public_names() -> None:
    source = (ROOT / "generator" / "model" / "python-names.ts").read_text("utf-8")
    block = re.search(r"CLIENT_MEMBERS[^=]*= new Set\(\[(.*?)\]\)", source, re.S)
    assert block, "python-names.ts has no CLIENT_MEMBERS"
    listed = set(re.findall(r'"([^"]+)"', block.group(1)))
    client = Client(
        {
            "env": {
                "baseUrl": "A",
                "workspaceId": "B",
                "token": "C",
                "workspaces": "D",
            },
            "tools": [],
        },
        {
            "base_url": "http://127.0.0.1:9",
            "workspace": {"id": "ws", "token": "token-123456"},
        },
    )
    assert listed == {name for name in dir(client) if not name.startswith("_")}
