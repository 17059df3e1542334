"""The words of validate.py's problems, the same as runtime/client/validate.ts's: each failing
keyword of jsonschema said in toolgen's own text, at the input's path, in one order."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped, unused-ignore]

from .results import to_json

__all__ = [
    "Words",
    "canonical",
    "field_path",
    "input_text",
    "pointer",
    "problem_words",
    "result_text",
]


def pointer(error: ValidationError) -> str:
    return "".join(
        "/" + str(step).replace("~", "~0").replace("/", "~1")
        for step in error.absolute_path
    )


def field_path(pointer: str) -> str:
    """``/attachments/0/name`` → ``attachments[0].name``, as runtime/client/validate.ts."""
    if not pointer:
        return ""
    out = ""
    for raw in pointer[1:].split("/"):
        step = raw.replace("~1", "/").replace("~0", "~")
        if re.fullmatch(r"[0-9]+", step, re.ASCII):
            out = f"{out}[{step}]"
        else:
            out = f"{out}.{step}" if out else step
    return out


class Words(NamedTuple):
    """A problem in toolgen's words: about the value itself (``text`` alone), or about one of
    its fields (``field``, and ``given`` for the field whose presence requires it)."""

    text: str
    field: str | None = None
    given: str | None = None


def input_text(pointer: str, words: Words) -> str:
    """An input's problem: ``attachments[0].name must be a string``."""
    at = field_path(pointer)
    if words.field is None:
        return f"{at or 'the input'} {words.text}"
    given = "" if words.given is None else f" when {_join(at, words.given)} is given"
    return f"{_join(at, words.field)} {words.text}{given}"


def result_text(pointer: str, words: Words) -> str:
    """A result's problem: ``/items/0/quantity: must be 1 or more``."""
    # The keys come from the platform's answer: a control character in one is shown.
    at = _escape_controls(pointer) or "/"
    if words.field is None:
        return f"{at}: {words.text}"
    given = "" if words.given is None else f" when {to_json(words.given)} is given"
    return f"{at}: {to_json(words.field)} {words.text}{given}"


def _escape_controls(text: str) -> str:
    return "".join(
        f"\\u{ord(c):04x}"
        if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029"
        else c
        for c in text
    )


def problem_words(error: ValidationError, sources: Mapping[str, str]) -> list[Words]:
    keyword = error.validator
    value = error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance

    def count(n: object, one: str, many: str) -> str:
        return f"{_number(n)} {one if n == 1 else many}"

    if keyword is None:  # a `false` schema
        return [Words("is not allowed")]
    if keyword == "required" and isinstance(value, list) and isinstance(instance, dict):
        return [Words("is required", str(k)) for k in value if k not in instance]
    if keyword in ("additionalProperties", "unevaluatedProperties"):
        return [Words("is not a known field", error.message)]
    if keyword == "propertyNames":
        return [Words("is not an allowed field name", error.message)]
    if keyword in ("dependentRequired", "dependencies") and isinstance(value, dict):
        out: list[Words] = []
        if isinstance(instance, dict):
            for prop, needs in value.items():
                if prop in instance and isinstance(needs, list):
                    out.extend(
                        Words("is required", str(n), prop)
                        for n in needs
                        if n not in instance
                    )
        return out
    return [Words(_text(keyword, value, schema, sources, count))]


def _text(
    keyword: object,
    value: object,
    schema: Mapping[str, object],
    sources: Mapping[str, str],
    count: Callable[[object, str, str], str],
) -> str:
    """What is wrong with the value itself, by the keyword that failed."""
    if keyword == "type":
        types = value if isinstance(value, list) else [value]
        return f"must be {_article(','.join(str(t) for t in types))}"
    if keyword == "enum" and isinstance(value, list):
        return f"must be one of {', '.join(to_json(v) for v in value)}"
    if keyword == "const":
        return f"must be {to_json(value)}"
    if keyword == "format":
        return f"must be a valid {value}"
    if keyword == "pattern":
        return f"must match the pattern {to_json(sources.get(str(value), value))}"
    if keyword == "minLength":
        return f"must be at least {count(value, 'character', 'characters')} long"
    if keyword == "maxLength":
        return f"must be at most {count(value, 'character', 'characters')} long"
    if keyword == "minimum":
        return f"must be {_number(value)} or more"
    if keyword == "maximum":
        return f"must be {_number(value)} or less"
    if keyword == "exclusiveMinimum":
        return f"must be more than {_number(value)}"
    if keyword == "exclusiveMaximum":
        return f"must be less than {_number(value)}"
    if keyword == "multipleOf":
        return f"must be a multiple of {_number(value)}"
    if keyword == "minItems":
        return f"must have at least {count(value, 'item', 'items')}"
    if keyword == "maxItems":
        return f"must have at most {count(value, 'item', 'items')}"
    if keyword in ("items", "additionalItems"):
        # Only a `false` reports here (a schema's errors are its own): no items past the listed.
        listed = (
            schema.get("prefixItems") if keyword == "items" else schema.get("items")
        )
        n = len(listed) if isinstance(listed, list) else 0
        return f"must have at most {count(n, 'item', 'items')}"
    if keyword == "unevaluatedItems":
        return "must not have items the schema does not describe"
    if keyword == "uniqueItems":
        return "must not have duplicate items"
    if keyword == "minProperties":
        return f"must have at least {count(value, 'field', 'fields')}"
    if keyword == "maxProperties":
        return f"must have at most {count(value, 'field', 'fields')}"
    if keyword in ("contains", "minContains", "maxContains"):
        least = schema.get("minContains", 1)
        most = schema.get("maxContains")
        if most is None:
            return f"must contain at least {count(least, 'matching item', 'matching items')}"
        return f"must contain from {_number(least)} to {_number(most)} matching items"
    if keyword == "anyOf":
        return "must match at least one of the allowed forms"
    if keyword == "oneOf":
        return "must match exactly one of the allowed forms"
    if keyword == "not":
        return "must not match the excluded form"
    return "is invalid"


def _number(value: object) -> str:
    return to_json(value)


def _join(at: str, field: str) -> str:
    return f"{at}.{field}" if at else field


_ARTICLES = {
    "integer": "an integer",
    "object": "an object",
    "array": "an array",
    "null": "null",
}


def _article(types: str) -> str:
    return " or ".join(_ARTICLES.get(t, f"a {t}") for t in types.split(","))


def _utf16(text: str) -> bytes:
    """The order JavaScript compares strings in: by UTF-16 code units."""
    return text.encode("utf-16-be", "surrogatepass")


def canonical(problems: Sequence[tuple[str, str]]) -> list[str]:
    """One order in both languages: by the input's path, then by text; each problem once."""
    ordered = sorted(problems, key=lambda p: (_utf16(p[0]), _utf16(p[1])))
    seen: set[str] = set()
    out: list[str] = []
    for _, text in ordered:
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out
