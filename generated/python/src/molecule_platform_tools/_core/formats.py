"""The ``format`` checks of ajv-formats' "full" mode (node_modules/ajv-formats/dist/formats.js),
with the same expressions and the same semantics, so that a ``format`` means the same in both
languages.

The expressions are ajv-formats' own, written for Python's ``re``: ``$`` as ``\\Z`` (JavaScript's
``$`` never matches before a final line break), ``\\d`` as ``[0-9]``, ``\\s`` as JavaScript's
whitespace class, and ``re.ASCII`` where JavaScript matches case without the ``u`` flag.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jsonschema import FormatChecker  # type: ignore[import-untyped, unused-ignore]

# JavaScript's \s: WhiteSpace and LineTerminator (ECMA-262), which differs from Python's.
JS_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"

_A = re.ASCII
_AI = re.ASCII | re.IGNORECASE

_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z", _A)
_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_TIME = re.compile(
    r"([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?\Z",
    _AI,
)
_SEPARATOR = re.compile(f"[tT{JS_SPACE}]")

_IPV4 = r"(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)"
_IPV6_IN_URI = (
    r"(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}"
    r"|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}"
    r"|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}"
    r"|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:"
    r"|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|"
    + _IPV4
    + r")"
    r"|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}"
    r"|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)"
    r"|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)"
)


def _uri_pattern(quote: str) -> str:
    """ajv-formats' URI expressions: ``quote`` is ``"`` in uri-reference, empty in uri."""
    pchar = r"(?:[a-z0-9\-._~!$&'" + quote + r"()*+,;=:@]|%[0-9a-f]{2})"
    return (
        r"(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\["
        + _IPV6_IN_URI
        + r"\]|"
        + _IPV4
        + r"|(?:[a-z0-9\-._~!$&'"
        + quote
        + r"()*+,;=]|%[0-9a-f]{2})*)(?::[0-9]*)?(?:\/"
        + pchar
        + r"*)*|\/(?:"
        + pchar
        + r"+(?:\/"
        + pchar
        + r"*)*)?|"
        + pchar
        + r"+(?:\/"
        + pchar
        + r"*)*)"
    )


_QUERY = r"(?:\?(?:[a-z0-9\-._~!$&'\"()*+,;=:@/?]|%[0-9a-f]{2})*)?"
_FRAGMENT = r"(?:#(?:[a-z0-9\-._~!$&'\"()*+,;=:@/?]|%[0-9a-f]{2})*)?"
_URI = re.compile(
    r"(?:[a-z][a-z0-9+\-.]*:)"
    + _uri_pattern("")
    + _QUERY.replace('\\"', "")
    + _FRAGMENT.replace('\\"', "")
    + r"\Z",
    _AI,
)
_URI_REFERENCE = re.compile(
    r"(?:[a-z][a-z0-9+\-.]*:)?(?:"
    + _uri_pattern('"')
    + r")?"
    + _QUERY
    + _FRAGMENT
    + r"\Z",
    _AI,
)
_NOT_URI_FRAGMENT = re.compile(r"[/:]")

_IPV4_FORMAT = re.compile(
    r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\Z",
    _A,
)
_V4 = r"(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}"
_H = r"[0-9a-f]{1,4}"
_IPV6_FORMAT = re.compile(
    "(((" + _H + ":){7}(" + _H + "|:))"
    "|((" + _H + ":){6}(:" + _H + "|(" + _V4 + ")|:))"
    "|((" + _H + ":){5}(((:" + _H + "){1,2})|:(" + _V4 + ")|:))"
    "|((" + _H + ":){4}(((:" + _H + "){1,3})|((:" + _H + ")?:(" + _V4 + "))|:))"
    "|((" + _H + ":){3}(((:" + _H + "){1,4})|((:" + _H + "){0,2}:(" + _V4 + "))|:))"
    "|((" + _H + ":){2}(((:" + _H + "){1,5})|((:" + _H + "){0,3}:(" + _V4 + "))|:))"
    "|((" + _H + ":){1}(((:" + _H + "){1,6})|((:" + _H + "){0,4}:(" + _V4 + "))|:))"
    "|(:(((:" + _H + "){1,7})|((:" + _H + "){0,5}:(" + _V4 + "))|:)))\\Z",
    _AI,
)

_LABEL_CHAR = "a-z0-9\\u00a1-\\uffff"
_URL = re.compile(
    r"(?:https?|ftp):\/\/(?:[^" + JS_SPACE + r"]+(?::[^" + JS_SPACE + r"]*)?@)?"
    r"(?:(?!(?:10|127)(?:\.[0-9]{1,3}){3})(?!(?:169\.254|192\.168)(?:\.[0-9]{1,3}){2})"
    r"(?!172\.(?:1[6-9]|2[0-9]|3[0-1])(?:\.[0-9]{1,3}){2})"
    r"(?:[1-9][0-9]?|1[0-9][0-9]|2[01][0-9]|22[0-3])(?:\.(?:1?[0-9]{1,2}|2[0-4][0-9]|25[0-5])){2}"
    r"(?:\.(?:[1-9][0-9]?|1[0-9][0-9]|2[0-4][0-9]|25[0-4]))"
    r"|(?:(?:[" + _LABEL_CHAR + r"]+-)*[" + _LABEL_CHAR + r"]+)"
    r"(?:\.(?:[" + _LABEL_CHAR + r"]+-)*[" + _LABEL_CHAR + r"]+)*"
    r"(?:\.(?:[a-z\u00a1-\uffff]{2,})))(?::[0-9]{2,5})?(?:\/[^" + JS_SPACE + r"]*)?\Z",
    re.IGNORECASE,
)
_REGEXES: dict[str, re.Pattern[str]] = {
    "duration": re.compile(
        r"P(?!\Z)(([0-9]+Y)?([0-9]+M)?([0-9]+D)?(T(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+S)?)?|([0-9]+W)?)\Z",
        _A,
    ),
    "uri-template": re.compile(
        r"(?:(?:[^\x00-\x20\"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+"
        r"(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*\Z",
        _AI,
    ),
    "url": _URL,
    "email": re.compile(
        r"[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@"
        r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\Z",
        _AI,
    ),
    "hostname": re.compile(
        r"(?=[^\n\r\u2028\u2029]{1,253}\.?\Z)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
        r"(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?\Z",
        _AI,
    ),
    "ipv4": _IPV4_FORMAT,
    "ipv6": _IPV6_FORMAT,
    "uuid": re.compile(
        r"(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}\Z", _AI
    ),
    "json-pointer": re.compile(r"(?:\/(?:[^~/]|~0|~1)*)*\Z"),
    "json-pointer-uri-fragment": re.compile(
        r"#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*\Z", _AI
    ),
    "relative-json-pointer": re.compile(
        r"(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)\Z"
    ),
    "uri-reference": _URI_REFERENCE,
}
# ajv-formats' byte expression has the m flag: it passes when any line matches it whole.
_BYTE = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?=[\n\r\u2028\u2029]|\Z)"
)
_JS_LINE_START = re.compile(r"(?:^|(?<=[\n\r\u2028\u2029]))")


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _date(text: str) -> bool:
    m = _DATE.match(text)
    if not m:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    days = (
        29 if month == 2 and _leap(year) else (_DAYS[month] if 1 <= month <= 12 else 0)
    )
    return 1 <= month <= 12 and 1 <= day <= days


def _time(strict_zone: bool) -> Callable[[str], bool]:
    def check(text: str) -> bool:
        m = _TIME.match(text)
        if not m:
            return False
        hr, mins, sec = int(m[1]), int(m[2]), float(m[3])
        zone = m[4]
        sign = -1 if m[5] == "-" else 1
        zh = int(m[6] or 0)
        zm = int(m[7] or 0)
        if zh > 23 or zm > 59 or (strict_zone and not zone):
            return False
        if hr <= 23 and mins <= 59 and sec < 60:
            return True
        utc_min = mins - zm * sign
        utc_hr = hr - zh * sign - (1 if utc_min < 0 else 0)
        return utc_hr in (23, -1) and utc_min in (59, -1) and sec < 61

    return check


def _date_time(strict_zone: bool) -> Callable[[str], bool]:
    time = _time(strict_zone)

    def check(text: str) -> bool:
        parts = _SEPARATOR.split(text)
        return len(parts) == 2 and _date(parts[0]) and time(parts[1])

    return check


def _uri(text: str) -> bool:
    return bool(_NOT_URI_FRAGMENT.search(text)) and bool(_URI.match(text))


def _byte(text: str) -> bool:
    return any(_BYTE.match(text, m.start()) for m in _JS_LINE_START.finditer(text))


def _regex(text: str) -> bool:
    """ajv-formats asks JavaScript whether the text compiles; Python's ``re`` is asked here, the
    nearest check this side has. The two accept different syntax, so toolgen refuses
    ``format: regex`` in a spec with the Python target (``python-format``): a generated package
    never reaches this."""
    if re.search(r"[^\\]\\Z", text):
        return False
    try:
        re.compile(text)
    except (re.error, OverflowError, RecursionError):
        return False
    return True


def _matcher(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda text: pattern.match(text) is not None


_STRING_CHECKS: dict[str, Callable[[str], bool]] = {
    "date": _date,
    "time": _time(True),
    "date-time": _date_time(True),
    "iso-time": _time(False),
    "iso-date-time": _date_time(False),
    "uri": _uri,
    "byte": _byte,
    "regex": _regex,
    **{name: _matcher(p) for name, p in _REGEXES.items()},
    "password": lambda _t: True,
    "binary": lambda _t: True,
}

_INT32 = (-(2**31), 2**31 - 1)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _integral(value: float) -> bool:
    return isinstance(value, int) or value.is_integer()


_NUMBER_CHECKS: dict[str, Callable[[float], bool]] = {
    "int32": lambda n: _integral(n) and _INT32[0] <= n <= _INT32[1],
    "int64": _integral,
    "float": lambda _n: True,
    "double": lambda _n: True,
}

FORMAT_NAMES: tuple[str, ...] = (*_STRING_CHECKS, *_NUMBER_CHECKS)
"""Every format ajv-formats knows in its full mode."""


def check_format(name: str, value: object) -> bool:
    """Whether ``value`` fits the format ``name`` as ajv-formats' full mode decides: a string
    format checks strings only and a number format numbers only; any other value passes, and so
    does a format neither knows."""
    if isinstance(value, str) and name in _STRING_CHECKS:
        return _STRING_CHECKS[name](value)
    if _is_number(value) and name in _NUMBER_CHECKS:
        assert isinstance(value, (int, float))
        return _NUMBER_CHECKS[name](value)
    return True


def _format_check(name: str) -> Callable[[object], bool]:
    return lambda value: check_format(name, value)


def format_checker() -> FormatChecker:
    """A jsonschema ``FormatChecker`` with ajv-formats' full formats, and only those."""
    checker = FormatChecker(formats=())
    for name in FORMAT_NAMES:
        checker.checks(name)(_format_check(name))
    return checker
