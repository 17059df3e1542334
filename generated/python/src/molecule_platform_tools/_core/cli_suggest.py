"""What a mistyped command word or option likely meant (runtime/cli/suggest.ts, mistyped.ts).

The nearest candidates by the one rule of every "did you mean" (``distance``), at most 3, in the
order the candidates are given; only when none is near, a typed word of 3 characters or more is
also read as the beginning of a candidate (``deleg`` for ``delete``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cli_data import CliCommand, CliData, main_type
from .distance import fold, nearest

_MIN_PREFIX = 3
_MAX_SUGGESTIONS = 3


def suggestions(typed: str, candidates: Sequence[str]) -> list[str]:
    """The candidates ``typed`` likely meant."""
    near = nearest(typed, candidates)
    word = fold(typed)
    if near or len(word) < _MIN_PREFIX:
        found = near
    else:
        found = [c for c in dict.fromkeys(candidates) if fold(c).startswith(word)]
    return found[:_MAX_SUGGESTIONS]


def did_you_mean(words: Sequence[str]) -> str:
    """``did you mean 'a'?``, ``did you mean 'a' or 'b'?``, or ``""`` when ``words`` is empty."""
    if not words:
        return ""
    quoted = [f"'{w}'" for w in words]
    last = quoted.pop()
    listed = f"{', '.join(quoted)} or {last}" if quoted else last
    return f"did you mean {listed}?"


def unknown_command(
    commands: Sequence[CliCommand], typed: Sequence[str], after_help: bool
) -> str:
    """Why no command fits the leading ``typed`` words: the first word no command continues
    with and the command it likely meant; without one, the commands a first word starts, or that
    none is known."""
    plains = [plain_words(c.keyword) for c in commands]

    def starts(p: list[str], n: int) -> bool:
        return len(p) > n and all(p[k] == w for k, w in enumerate(typed[: n + 1]))

    known = 0
    while known < len(typed) and any(starts(p, known) for p in plains):
        known += 1
    if known < len(typed):
        following = [
            p[known]
            for p in plains
            if (known == 0 or starts(p, known - 1)) and len(p) > known
        ]
        # `help <command>` is a leading word too, but not after itself.
        candidates = (
            [*following, "help"] if known == 0 and not after_help else following
        )
        near = suggestions(typed[known], candidates)
        said = list(typed[:known])
        if near:
            shown = " ".join([*said, typed[known]])
            meant = did_you_mean([" ".join([*said, w]) for w in near])
            return f"unknown command '{shown}': {meant}"
    first = typed[0]
    begun = [c.keyword for c in commands if c.keyword.split(" ")[0] == first]
    if begun:
        return f"'{first}' needs more words: {', '.join(begun)}"
    return f"unknown command '{first}'"


def plain_words(keyword: str) -> list[str]:
    """A keyword's words that are not flags (``send`` of ``send --later``)."""
    return [w for w in keyword.split(" ") if not w.startswith("-")]


def _sibling_flags(data: CliData, command: CliCommand) -> list[str]:
    plain = " ".join(plain_words(command.keyword))
    return [
        w
        for c in data.commands
        if " ".join(plain_words(c.keyword)) == plain
        for w in c.keyword.split(" ")
        if w.startswith("-")
    ]


def _option_words(command: CliCommand, siblings: list[str]) -> list[str]:
    own: list[str] = []
    for i in command.inputs:
        if i.option is None:
            continue
        own.append(f"--{i.option}")
        if main_type(i.schema) == "boolean":
            own.append(f"--no-{i.option}")
    return [*own, "--json", "--help", *siblings]


def unknown_option(option: str, command: CliCommand, data: CliData) -> str:
    """``unknown option '--wrokspace'``, with the option of ``command`` it likely meant."""
    near = suggestions(option, _option_words(command, _sibling_flags(data, command)))
    said = f"unknown option '{option}'"
    return f"{said}: {did_you_mean(near)}" if near else said
