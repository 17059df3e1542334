"""How close a mistyped name is to a known one: the rule of every "did you mean".

A port of runtime/shared/distance.ts, so that both languages suggest the same names.
"""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Edit distance where swapping two neighbours counts as one edit (optimal string
    alignment)."""
    d = [[i] + [0] * len(b) for i in range(len(a) + 1)]
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, d[i - 2][j - 2] + 1)
            d[i][j] = best
    return d[len(a)][len(b)]


def fold(word: str) -> str:
    """How a word and a candidate are compared: without case and without leading dashes."""
    return word.lstrip("-").lower()


def near_limit(length: int) -> int:
    """The most edits a folded word of ``length`` characters may be from a candidate: a third
    of its length, rounded up, and fewer than its length."""
    return min(-(-length // 3), length - 1)


def nearest(
    word: str, candidates: Iterable[str], limit: int | None = None
) -> list[str]:
    """The candidates nearest ``word``: all those at the fewest edits within the limit, each
    once, in the candidates' order."""
    listed = list(dict.fromkeys(candidates))
    own = fold(word)
    best = near_limit(len(own)) if limit is None else limit
    found: list[str] = []
    for candidate in listed:
        other = fold(candidate)
        # The lengths alone put it out of reach: no need to measure.
        if abs(len(other) - len(own)) > best:
            continue
        d = distance(own, other)
        if d > best:
            continue
        if d < best:
            found = []
        best = d
        found.append(candidate)
    return found


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The first of the nearest candidates, else None."""
    found = nearest(word, candidates)
    return found[0] if found else None
