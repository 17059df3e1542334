"""The client side of the package as the CLI needs it (``cli_run.CliDeps``): kept apart so that
``--help`` and usage errors never import the client, httpx or jsonschema."""

from __future__ import annotations

from .cli_run import CliDeps
from .client import client_from_env
from .data import SpecData
from .defaults import create_defaults_filler
from .errors import ConfigError, InputError, UnknownWorkspaceError
from .validate import create_validator


def client_deps(spec: SpecData) -> CliDeps:
    """The package's client, input validation and schema defaults, bound to ``spec``."""
    schemas = {t["name"]: t["inputSchema"] for t in spec["client"]["tools"]}
    validate = create_validator(schemas, spec["patterns"])
    fill = create_defaults_filler(schemas)

    def with_defaults(name: str, input: dict[str, object]) -> dict[str, object]:
        filled = fill(name, input)
        return filled if isinstance(filled, dict) else input

    return CliDeps(
        create_client=lambda env: client_from_env(
            spec["client"], env, spec["patterns"]
        ),
        validate_input=lambda name, input: validate(name, input),
        with_defaults=with_defaults,
        usage_errors=(ConfigError, InputError, UnknownWorkspaceError),
    )
