"""How close a mistyped word is to a candidate: the one rule of every "did you mean".

A port of runtime/shared/distance.ts, with the same rule in both languages: a candidate is near
a word when, compared without case and without leading dashes (``fold``), it is at most a third
of the word's length away in edits, rounded up, and fewer edits than the word has characters
(``near_limit``). The nearest win, each once, in the candidates' order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

_DASHES = re.compile(r"^-+")


def distance(a: str, b: str) -> int:
    """Edit distance where swapping two neighbours counts as one edit (optimal string alignment)."""
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
    return _DASHES.sub("", word, count=1).lower()


def near_limit(length: int) -> int:
    """The most edits a folded word of ``length`` characters may be from a candidate."""
    return min(math.ceil(length / 3), length - 1)


def nearest(
    word: str, candidates: Iterable[str], limit: int | None = None
) -> list[str]:
    """The candidates nearest ``word`` by the rule above (``limit`` replaces near_limit)."""
    listed = list(dict.fromkeys(candidates))
    own = fold(word)
    best = near_limit(len(own)) if limit is None else limit
    found: list[str] = []
    for candidate in listed:
        other = fold(candidate)
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
