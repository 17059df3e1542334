"""A call's input, or a result, checked against its tool's JSON Schema: a port of
runtime/client/validate.ts, worded the same.

jsonschema validates here (draft 2020-12, 2019-09, or draft-07 by ``$schema``, as
runtime/client/dialect.ts chooses), ajv on the TypeScript side. The text the model reads is
toolgen's own, built from the failing input's path and keyword, never from either validator's
message, and the problems come out in one order (by the input's path, then by text), so that
both languages say the same. A ``pattern`` is matched with the Python expression the generator
translated it to (``patterns``: ECMAScript source → Python ``re``), and a ``format`` as
ajv-formats' full mode decides (see ``formats``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Literal

# jsonschema ships no type information (types-jsonschema is not a dependency of the package).
from jsonschema import (  # type: ignore[import-untyped, unused-ignore]
    Draft7Validator,
    Draft201909Validator,
    Draft202012Validator,
)
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped, unused-ignore]
from jsonschema.protocols import Validator as SchemaValidator  # type: ignore[import-untyped, unused-ignore]
from jsonschema.validators import extend  # type: ignore[import-untyped, unused-ignore]

from .formats import format_checker
from .results import to_json
from .validate_words import (
    Words,
    canonical,
    field_path,
    input_text,
    pointer,
    problem_words,
    result_text,
)

__all__ = [
    "Dialect",
    "Validator",
    "create_result_validator",
    "create_validator",
    "dialect_of",
    "field_path",
]

Validator = Callable[[str, object], list[str]]
"""The problems of a tool's input, none when it fits: ``validator(tool_name, input)``."""

Dialect = Literal["2020-12", "2019-09", "default"]


def dialect_of(schema: object) -> Dialect:
    """The dialect a schema declares with ``$schema``: 2020-12, 2019-09, or else the default
    (draft-07), as runtime/client/dialect.ts decides."""
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(declared, str):
        return "default"
    uri = declared.removesuffix("#")
    if uri == "https://json-schema.org/draft/2020-12/schema":
        return "2020-12"
    if uri == "https://json-schema.org/draft/2019-09/schema":
        return "2019-09"
    return "default"


def create_validator(
    schemas: Mapping[str, Mapping[str, object]], patterns: Mapping[str, str]
) -> Validator:
    """``validate_input`` over a set of tools' input schemas, by tool name: each schema is
    prepared on first use. ``patterns`` maps each ``pattern`` (and ``patternProperties`` key)
    of the schemas, as written, to its Python translation; a pattern missing from it raises
    ``ValueError`` (toolgen writes every one it accepts)."""
    return _validator(schemas, patterns, input_text)


def create_result_validator(
    schemas: Mapping[str, Mapping[str, object]],
    names: Sequence[str],
    patterns: Mapping[str, str],
) -> Validator:
    """``validate_output`` over the tools' output schemas (runtime/client/validate.ts's
    createResultValidator), with the same settings and words as the inputs' validator: each
    problem says where the value does not fit, as a JSON pointer, then what is wrong
    (``/items/0/quantity: must be 1 or more``, ``/: "id" is required``). A tool of ``names``
    without an output schema accepts any value; a name outside them is an unknown tool."""
    validate = _validator(schemas, patterns, result_text)
    known = set(names)

    def validate_output(name: str, value: object) -> list[str]:
        if name in schemas or name not in known:
            return validate(name, value)
        return []

    return validate_output


def _validator(
    schemas: Mapping[str, Mapping[str, object]],
    patterns: Mapping[str, str],
    render: Callable[[str, Words], str],
) -> Validator:
    compiled: dict[str, _Compiled] = {}
    checker = format_checker()

    def validate(name: str, input: object) -> list[str]:
        schema = schemas.get(name)
        if schema is None:
            return [f"unknown tool {to_json(name)}"]
        entry = compiled.get(name)
        if entry is None:
            entry = _compile(dict(schema), patterns, checker)
            compiled[name] = entry
        problems: list[tuple[str, str]] = []
        for error in entry.validator.iter_errors(input):
            at = pointer(error)
            for words in problem_words(error, entry.sources):
                problems.append((at, render(at, words)))
        return canonical(problems)

    return validate


class _Compiled:
    __slots__ = ("sources", "validator")

    def __init__(self, validator: SchemaValidator, sources: dict[str, str]) -> None:
        self.validator = validator
        self.sources = sources


def _compile(
    schema: dict[str, object], patterns: Mapping[str, str], checker: object
) -> _Compiled:
    sources: dict[str, str] = {}
    translated = _with_patterns(schema, patterns, sources)
    base = {
        "2020-12": Draft202012Validator,
        "2019-09": Draft201909Validator,
        "default": Draft7Validator,
    }[dialect_of(schema)]
    overrides: dict[str, Callable[..., Iterator[ValidationError]]] = {
        "additionalProperties": _additional_properties,
        "propertyNames": _property_names,
    }
    if "unevaluatedProperties" in base.VALIDATORS:
        overrides["unevaluatedProperties"] = _unevaluated_properties
    cls = extend(base, overrides)
    validator: SchemaValidator = cls(translated, format_checker=checker)
    return _Compiled(validator, sources)


# Keywords whose value is a schema, a list of schemas, or a map of names to schemas: where a
# `pattern` is a keyword and not a property's name or a piece of data.
_ONE = {
    "additionalItems",
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
}
_MANY = {"allOf", "anyOf", "oneOf", "prefixItems", "items"}
_MAP = {
    "$defs",
    "definitions",
    "properties",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
}


def _with_patterns(
    schema: object, patterns: Mapping[str, str], sources: dict[str, str]
) -> object:
    """A copy of ``schema`` whose patterns are their Python translations; ``sources`` gets each
    translation → the pattern as written, for messages."""

    def python(js: str) -> str:
        if js not in patterns:
            raise ValueError(
                f"pattern {to_json(js)} has no Python translation in the spec's patterns"
            )
        sources[patterns[js]] = js
        return patterns[js]

    def walk(node: object) -> object:
        if not isinstance(node, dict):
            return node
        out: dict[str, object] = {}
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                out[key] = python(value)
            elif key == "patternProperties" and isinstance(value, dict):
                out[key] = {python(k): walk(v) for k, v in value.items()}
            elif key in _MAP and isinstance(value, dict):
                out[key] = {k: walk(v) for k, v in value.items()}
            elif key in _MANY and isinstance(value, list):
                out[key] = [walk(v) for v in value]
            elif key in _ONE:
                out[key] = walk(value)
            else:
                out[key] = value
        return out

    return walk(schema)


# Keyword implementations that report one error per failing name, with the name as the
# error's message (read back by _describe), where jsonschema reports them all in one error.


def _additional_properties(
    validator: SchemaValidator,
    allowed: object,
    instance: object,
    schema: Mapping[str, object],
) -> Iterator[ValidationError]:
    if not isinstance(instance, dict):
        return
    properties = schema.get("properties")
    known = properties if isinstance(properties, dict) else {}
    pattern_map = schema.get("patternProperties")
    expressions = list(pattern_map) if isinstance(pattern_map, dict) else []
    extras = [
        k
        for k in instance
        if k not in known and not any(re.search(p, k) for p in expressions)
    ]
    if isinstance(allowed, dict):
        for extra in extras:
            yield from validator.descend(instance[extra], allowed, path=extra)
    elif allowed is False:
        for extra in extras:
            yield ValidationError(extra)


def _property_names(
    validator: SchemaValidator,
    names: object,
    instance: object,
    schema: Mapping[str, object],
) -> Iterator[ValidationError]:
    if not isinstance(instance, dict):
        return
    for name in instance:
        if next(iter(validator.descend(name, names)), None) is not None:
            yield ValidationError(name)


def _unevaluated_properties(
    validator: SchemaValidator,
    unevaluated: object,
    instance: object,
    schema: Mapping[str, object],
) -> Iterator[ValidationError]:
    from jsonschema._utils import (  # type: ignore[import-untyped, unused-ignore]
        find_evaluated_property_keys_by_schema,
    )

    if not isinstance(instance, dict):
        return
    evaluated = find_evaluated_property_keys_by_schema(validator, instance, schema)
    for name in instance:
        if name in evaluated:
            continue
        if unevaluated is False:
            yield ValidationError(name)
        elif isinstance(unevaluated, dict):
            yield from validator.descend(instance[name], unevaluated, path=name)
