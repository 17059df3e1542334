"""Units of the Python client's runtime that the shared vectors do not reach."""

from __future__ import annotations

import pytest
from toolgen_core.formats import check_format
from toolgen_core.redact import redact
from toolgen_core.results import js_number, to_json
from toolgen_core.retry import DEFAULT_RETRY, backoff, retry_after_ms
from toolgen_core.validate import create_validator


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (1.0, "1"),
        (1e-7, "1e-7"),
        (1.5e-5, "0.000015"),
        (1e21, "1e+21"),
        (2**60, "1152921504606847000"),
    ],
)
def test_numbers_as_javascript_prints_them(number: float, text: str) -> None:
    assert js_number(number) == text
    assert to_json([number]) == f"[{text}]"


def test_retry_after_seconds_dates_and_nonsense() -> None:
    assert retry_after_ms("3", 0) == 3000
    assert retry_after_ms("1.5", 0) is None
    assert retry_after_ms("Thu, 01 Jan 1970 00:00:10 GMT", 0) == 10_000
    assert retry_after_ms(None, 0) is None


def test_backoff_stays_within_half_and_all_of_the_cap() -> None:
    assert backoff(DEFAULT_RETRY, 1) >= 250
    assert backoff(DEFAULT_RETRY, 1) <= 500
    assert backoff(DEFAULT_RETRY, 10) <= DEFAULT_RETRY.max_delay_ms


def test_redact_every_written_form() -> None:
    token = "tokA/aaaa+bbbb=="
    for form in ["tokA%2Faaaa%2Bbbbb%3D%3D", "tokA\\/aaaa+bbbb==", token]:
        assert redact(f"GET /x/{form} failed", [token]) == "GET /x/[redacted] failed"


def test_formats_as_ajv_formats_full_mode() -> None:
    assert check_format("date-time", "2024-01-01T10:00:00Z")
    assert not check_format("date-time", "2024-01-01T10:00:00")
    assert not check_format("date", "2023-02-29")
    assert check_format("date", "2024-02-29")
    assert not check_format("ipv4", "1.2.3.4\n")
    assert check_format("email", 5)


def test_validation_words_each_keyword_and_uses_the_translated_pattern() -> None:
    validate = create_validator(
        {
            "t": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "pattern": "^\\d+$"},
                    "n": {"type": "integer", "minimum": 2, "multipleOf": 2},
                },
                "additionalProperties": False,
            }
        },
        {"^\\d+$": "^[0-9]+\\Z"},
    )
    assert validate("t", {"code": "12\n", "n": 1, "x": 0}) == [
        "x is not a known field",
        'code must match the pattern "^\\\\d+$"',
        "n must be 2 or more",
        "n must be a multiple of 2",
    ]
    with pytest.raises(ValueError, match="no Python translation"):
        create_validator({"u": {"type": "string", "pattern": "a"}}, {})("u", "a")
