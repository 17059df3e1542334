"""The commands the CLI reads (spec.json's ``cli``), each input joined with its schema.

A port of runtime/cli/types.ts, load.ts, main-type.ts and refs.ts: every word the CLI accepts
comes from the spec's data, none from this code; each input's schema is taken from its tool's
input schema under ``client``, so each schema is written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import CommandsData, EnvNames, JsonObject, ToolData
from .pointer import is_missing, ref_target


@dataclass(frozen=True)
class CliInput:
    name: str
    option: str | None
    """The ``--kebab-case`` option name without dashes, or None for a positional argument."""
    required: bool
    variadic: bool
    """The last positional takes the rest of the words (``<task...>``), joined by spaces."""
    schema: JsonObject
    """The input's schema in its tool's input schema, local refs resolved; empty when none."""


@dataclass(frozen=True)
class CliCommand:
    tool: str
    keyword: str
    """The words that select the command, e.g. ``send --later``."""
    usage: str
    summary: str
    description: str
    local: bool
    """Answered by the agent runtime's own code rather than by the platform's HTTP API."""
    inputs: tuple[CliInput, ...]


@dataclass(frozen=True)
class CliData:
    package: str
    bin: str
    env: EnvNames
    commands: tuple[CliCommand, ...]


def with_schemas(data: CommandsData, tools: list[ToolData]) -> CliData:
    """The commands with each input's schema taken from its tool's input schema."""
    schemas = {t["name"]: t["inputSchema"] for t in tools}
    commands = []
    for command in data["commands"]:
        root = schemas.get(command["tool"])
        properties = root.get("properties") if root is not None else None
        props = properties if isinstance(properties, dict) else {}
        inputs = tuple(
            CliInput(
                name=i["name"],
                option=i["option"],
                required=i["required"],
                variadic=i.get("variadic", False) is True,
                schema=_as_object(
                    resolve_local(props[i["name"]], root)
                    if i["name"] in props
                    else None
                ),
            )
            for i in command["inputs"]
        )
        commands.append(
            CliCommand(
                tool=command["tool"],
                keyword=command["keyword"],
                usage=command["usage"],
                summary=command["summary"],
                description=command["description"],
                local=command["local"],
                inputs=inputs,
            )
        )
    return CliData(
        package=data["package"],
        bin=data["bin"],
        env=data["env"],
        commands=tuple(commands),
    )


def _as_object(value: object) -> JsonObject:
    return value if isinstance(value, dict) else {}


def main_type(schema: object) -> str:
    """The one JSON type a command-line value is read as: its one type other than null, "union"
    when it has several, "enum" for an untyped enum, "string" when none is given."""
    if not isinstance(schema, dict):
        return "string"
    values = schema.get("enum")
    if isinstance(values, list) and values and "type" not in schema:
        return "enum"
    types = union_types(schema)
    if len(types) > 1:
        return "union"
    return types[0] if types else "string"


def union_types(schema: object) -> list[str]:
    """The types other than null a schema's ``type`` lists, in its order, each once; integer is
    left out beside number, which holds it."""
    if not isinstance(schema, dict):
        return []
    kind = schema.get("type")
    listed = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []
    types = list(dict.fromkeys(t for t in listed if isinstance(t, str) and t != "null"))
    return [t for t in types if t != "integer"] if "number" in types else types


_MAX_HOPS = 32


def resolve_local(schema: object, root: object) -> object:
    """A property's schema as the command line reads it: a local ``$ref`` replaced by what it
    points at, the keywords beside the ref kept over it, and ``items`` resolved the same way. A
    ref that points nowhere, or goes round in circles, is left as it is."""
    own = _follow(schema, root)
    if not isinstance(own, dict) or "items" not in own:
        return own
    return {**own, "items": _follow(own["items"], root)}


def _follow(schema: object, root: object) -> object:
    current = schema
    for _ in range(_MAX_HOPS):
        if not isinstance(current, dict) or not isinstance(current.get("$ref"), str):
            return current
        target = ref_target(root, current["$ref"])
        if is_missing(target) or not isinstance(target, dict):
            return current
        beside = {k: v for k, v in current.items() if k != "$ref"}
        current = {**target, **beside}
    return current
