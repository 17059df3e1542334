"""The client side of the package as the CLI needs it (``cli_run.CliDeps``)."""

from __future__ import annotations

from .cli_run import CliDeps
from .data import SpecData


def client_deps(spec: SpecData) -> CliDeps:
    """The package's client, validator and defaults, bound to ``spec``."""
    raise NotImplementedError("the CLI's platform calls need toolgen_core.client")
