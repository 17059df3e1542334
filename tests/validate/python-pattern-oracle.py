"""Answers for tests/validate/python-pattern.e2e.test.ts what Python's re says.

Reads one JSON object on stdin:
  {"cases": [{"python": pattern, "samples": [str, ...]}, ...], "sets": [pattern, ...]}
and writes one on stdout:
  {"cases": [{"error": str | None, "results": [bool, ...]}, ...], "sets": [[[lo, hi], ...], ...]}
A case's results are `re.search(pattern, sample) is not None`, without flags; its error is why
the pattern did not compile, a warning counting as an error. A set is every code point the
one-character pattern matches, as inclusive ranges.
"""

import json
import re
import sys
import warnings


def compile_strictly(pattern: str) -> re.Pattern[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return re.compile(pattern)


def case(pattern: str, samples: list[str]) -> dict[str, object]:
    try:
        compiled = compile_strictly(pattern)
    except (re.error, Warning, OverflowError, RecursionError) as error:
        return {"error": f"{type(error).__name__}: {error}", "results": []}
    return {
        "error": None,
        "results": [compiled.search(s) is not None for s in samples],
    }


EVERY_CODE_POINT = "".join(map(chr, range(0x110000)))


def code_points(pattern: str) -> list[list[int]]:
    ranges: list[list[int]] = []
    for match in compile_strictly(pattern).finditer(EVERY_CODE_POINT):
        cp = match.start()
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def main() -> None:
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    answer = {
        "cases": [case(c["python"], c["samples"]) for c in request["cases"]],
        "sets": [code_points(p) for p in request["sets"]],
    }
    sys.stdout.write(json.dumps(answer))


main()
