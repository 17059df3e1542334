"""JSON text read as JavaScript's ``JSON.parse`` reads it: ``json.loads`` also takes ``NaN``,
``Infinity`` and ``-Infinity``, which are no JSON and which JavaScript refuses."""

from __future__ import annotations

import json
from typing import Final


class _NotJson:
    def __repr__(self) -> str:
        return "NOT_JSON_VALUE"


NOT_JSON_VALUE: Final = _NotJson()
"""What ``parse_json`` returns for a text that is not JSON (``None`` is JSON's ``null``)."""


def _refuse(constant: str) -> object:
    raise ValueError(f"{constant} is not JSON")


def parse_json(text: str) -> object:
    """The value of a JSON text, or ``NOT_JSON_VALUE`` when ``JSON.parse`` would refuse it."""
    try:
        return json.loads(text, parse_constant=_refuse)
    except ValueError:  # json.JSONDecodeError is a ValueError
        return NOT_JSON_VALUE
