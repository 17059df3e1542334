"""Runs toolgen's Python CLI (toolgen_core.cli_run.main) on the reference spec, as a generated
package's ``python -m <module>.cli`` does: ``python cli_launcher.py ARGS`` with the environment
as given. The spec data is read from the TypeScript packages' data files, as the conftest's
``reference_spec`` fixture reads it. ``TOOLGEN_TEST_RUNTIME``, when set, names the runtime module
(``targets.python.runtime``) that answers the local tools' commands."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_data import reference_spec
from toolgen_core.cli_run import main

if __name__ == "__main__":
    runtime = os.environ.get("TOOLGEN_TEST_RUNTIME") or None
    sys.exit(main(reference_spec(), sys.argv[1:], os.environ, runtime=runtime))
