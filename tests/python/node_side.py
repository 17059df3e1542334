"""What the TypeScript packages give, read by running node on them from the repository's root,
where the generated packages are importable by name (npm workspaces)."""

from __future__ import annotations

import json
import subprocess

from conftest import ROOT


def node_json(script: str) -> object:
    """The JSON an ES module script prints with ``console.log(JSON.stringify(...))``."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
