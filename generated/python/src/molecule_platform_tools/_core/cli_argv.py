"""A command line read against the spec's commands (runtime/cli/argv.ts).

A command is chosen by its keyword: its plain words lead the command line and its flag words
(``--later``) may stand anywhere before ``--``; the longest match wins. The options and
positionals after it are converted by each input's schema (``cli_convert``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .cli_convert import convert
from .cli_data import CliCommand, CliData, CliInput, main_type
from .cli_suggest import unknown_command, unknown_option

_HELP_FLAGS = ("--help", "-h")
_JSON_FLAG = "--json"
_NEGATIVE = re.compile(r"-[0-9]")


@dataclass(frozen=True)
class Help:
    """``--help``: the command's help, or the list of commands when ``command`` is None."""

    command: CliCommand | None


@dataclass(frozen=True)
class Run:
    """A command to run with its converted input; ``json`` when ``--json`` was given."""

    command: CliCommand
    input: dict[str, object]
    json: bool


@dataclass(frozen=True)
class Usage:
    """The command line cannot be run (a usage error, exit 2)."""

    message: str
    command: CliCommand | None


Invocation = Help | Run | Usage


@dataclass(frozen=True)
class _Leading:
    word: str
    at: int


def parse_command_line(argv: Sequence[str], data: CliData) -> Invocation:
    """What ``argv`` (without the program) asks for, or why it cannot be run."""
    cut = argv.index("--") if "--" in argv else len(argv)
    before = list(argv[:cut])
    wants_help = any(t in _HELP_FLAGS for t in before)

    # The leading words, with their places, skipping the global flags that may precede them.
    leading: list[_Leading] = []
    first_option: str | None = None
    for i in range(cut):
        t = argv[i]
        if t in _HELP_FLAGS or t == _JSON_FLAG:
            continue
        if t.startswith("-"):
            first_option = t
            break
        leading.append(_Leading(t, i))
    if not leading:
        if wants_help:
            return Help(None)
        option = None if first_option is None else first_option.split("=")[0]
        # A command's own flag word (--later) without its command is a missing command.
        flag_word = option is not None and any(
            option in c.keyword.split(" ") for c in data.commands
        )
        if option is None or flag_word:
            return Usage("missing command", None)
        return Usage(f"unknown option '{option}': a command comes first", None)

    matched = _match(data.commands, leading, before, 0)
    if matched is None and leading[0].word == "help":
        asked = _match(data.commands, leading, before, 1)
        if isinstance(asked, _One):
            return Help(asked.command)
        if len(leading) == 1:
            return Help(None)
        if asked is None:
            return Usage(unknown_command(data.commands, _words(leading, 1), True), None)
        matched = asked
    # `notes --help`, where notes only begins commands: the help that lists them.
    if (
        matched is None
        and wants_help
        and any(c.keyword.split(" ")[0] == leading[0].word for c in data.commands)
    ):
        return Help(None)
    if matched is None:
        return Usage(unknown_command(data.commands, _words(leading, 0), False), None)
    if isinstance(matched, _Ambiguous):
        return Usage(f"{' and '.join(matched.flags)} cannot be used together", None)
    if wants_help:
        return Help(matched.command)
    rest = [(t, i) for i, t in enumerate(argv) if i not in matched.used and i != cut]
    return _read_arguments(data, matched.command, rest, cut)


@dataclass(frozen=True)
class _One:
    command: CliCommand
    used: frozenset[int]


@dataclass(frozen=True)
class _Ambiguous:
    flags: list[str]


def _match(
    commands: Sequence[CliCommand],
    leading: list[_Leading],
    before: list[str],
    skip: int,
) -> _One | _Ambiguous | None:
    """The command whose keyword fits best, ``skip`` leading words in (1 after ``help``), and the
    argv places its words took."""
    best: list[tuple[CliCommand, set[int], int, list[str]]] = []
    for command in commands:
        words = command.keyword.split(" ")
        plain = [w for w in words if not w.startswith("-")]
        flags = [w for w in words if w.startswith("-")]
        if not plain or len(leading) - skip < len(plain):
            continue
        if not all(leading[skip + k].word == w for k, w in enumerate(plain)):
            continue
        used = {lead.at for lead in leading[: skip + len(plain)]}
        if not all(f in before for f in flags):
            continue
        used.update(before.index(f) for f in flags)
        size = len(words)
        if not best or size > best[0][2]:
            best = [(command, used, size, flags)]
        elif size == best[0][2]:
            best.append((command, used, size, flags))
    if not best:
        return None
    if len(best) > 1:
        return _Ambiguous(list(dict.fromkeys(f for b in best for f in b[3])))
    return _One(best[0][0], frozenset(best[0][1]))


def _read_arguments(
    data: CliData,
    command: CliCommand,
    rest: list[tuple[str, int]],
    cut: int,
) -> Invocation:
    """Options and positionals after the keyword, converted by each input's schema."""
    by_option = {i.option: i for i in command.inputs if i.option is not None}
    positional_inputs = [i for i in command.inputs if i.option is None]
    given: dict[str, list[str]] = {}
    flags: dict[str, bool] = {}
    positionals: list[str] = []
    as_json = False

    k = 0
    while k < len(rest):
        t, i = rest[k]
        k += 1
        if i > cut or not t.startswith("-") or t == "-" or _NEGATIVE.match(t):
            positionals.append(t)
            continue
        if t == _JSON_FLAG:
            as_json = True
            continue
        if t.startswith(f"{_JSON_FLAG}="):
            return Usage(f"option '{_JSON_FLAG}' takes no value", command)
        eq = t.find("=")
        name = (t[2:] if eq == -1 else t[2:eq]) if t.startswith("--") else ""
        inline = None if eq == -1 else t[eq + 1 :]
        found = by_option.get(name)
        negated = by_option.get(name[3:]) if name.startswith("no-") else None
        if (
            negated is not None
            and main_type(negated.schema) == "boolean"
            and inline is None
        ):
            flags[negated.name] = False
            continue
        if found is None:
            return Usage(
                unknown_option(t if eq == -1 else t[:eq], command, data), command
            )
        if main_type(found.schema) == "boolean" and inline is None:
            flags[found.name] = True
            continue
        value = inline
        if value is None:
            following = rest[k] if k < len(rest) else None
            if following is None or following[1] > cut or following[0].startswith("--"):
                return Usage(f"option '--{name}' needs a value", command)
            value = following[0]
            k += 1
        values = given.setdefault(found.name, [])
        if values and main_type(found.schema) != "array":
            return Usage(f"option '--{name}' is given more than once", command)
        values.append(value)

    # The last positional may take the rest of the words, joined by single spaces.
    count = len(positional_inputs)
    if count and positional_inputs[-1].variadic and len(positionals) > count:
        positionals[count - 1 :] = [" ".join(positionals[count - 1 :])]
    if len(positionals) > count:
        return Usage(f"unexpected argument '{positionals[count]}'", command)
    if len(positionals) < count:
        missing = " ".join(
            placeholder_of(i) for i in positional_inputs[len(positionals) :]
        )
        return Usage(f"missing {missing}", command)

    converted: dict[str, object] = {}
    for raw, spec in zip(positionals, positional_inputs):
        done = convert(raw, spec.schema, placeholder_of(spec))
        if not done.ok:
            return Usage(done.message, command)
        converted[spec.name] = done.value
    for spec in command.inputs:
        if spec.option is None:
            continue
        label = f"--{spec.option}"
        if spec.name in flags:
            converted[spec.name] = flags[spec.name]
            continue
        raws = given.get(spec.name)
        if raws is None:
            if spec.required:
                return Usage(f"missing required option '{label}'", command)
            continue
        is_array = main_type(spec.schema) == "array"
        items = spec.schema.get("items")
        schema = (items if isinstance(items, dict) else {}) if is_array else spec.schema
        values_read: list[object] = []
        for raw in raws:
            done = convert(raw, schema, label)
            if not done.ok:
                return Usage(done.message, command)
            values_read.append(done.value)
        converted[spec.name] = values_read if is_array else values_read[0]
    return Run(command, converted, as_json)


def placeholder_of(input: CliInput) -> str:
    """How the usage writes a positional: ``<name>``, or ``<name...>`` when it takes the rest."""
    return f"<{input.name}...>" if input.variadic else f"<{input.name}>"


def _words(leading: list[_Leading], skip: int) -> list[str]:
    return [lead.word for lead in leading[skip:]]
