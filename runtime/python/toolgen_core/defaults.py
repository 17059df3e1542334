"""A tool's top-level schema defaults filled into a call's input: runtime/client/defaults.ts."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping

DefaultsFiller = Callable[[str, object], object]
"""``with_defaults(tool_name, input)``: the input as every target passes it on."""


def fill_defaults(schema: Mapping[str, object], input: object) -> object:
    """The input with each top-level default the schema declares for a property it leaves out:
    a new dict (the caller's is left as it was), each default copied."""
    properties = schema.get("properties")
    if not isinstance(input, Mapping) or not isinstance(properties, Mapping):
        return input
    out: dict[str, object] | None = None
    for key, prop in properties.items():
        # A key given, even as null, is the caller's (JSON has no undefined).
        if key in input or not isinstance(prop, Mapping) or "default" not in prop:
            continue
        if out is None:
            out = dict(input)
        out[key] = copy.deepcopy(prop["default"])
    return input if out is None else out


def create_defaults_filler(
    schemas: Mapping[str, Mapping[str, object]],
) -> DefaultsFiller:
    """``fill_defaults`` over a set of tools' schemas, by tool name; an unknown name's input is
    left as it is."""

    def with_defaults(name: str, input: object) -> object:
        schema = schemas.get(name)
        return input if schema is None else fill_defaults(schema, input)

    return with_defaults
