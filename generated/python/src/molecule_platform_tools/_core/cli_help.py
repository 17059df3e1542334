"""The CLI's help texts and the hint after a usage error (runtime/cli/help.ts), byte for byte."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .auth import credential_variables, has_workspaces
from .cli_argv import placeholder_of
from .cli_convert import placeholder
from .cli_data import CliCommand, CliData, CliInput, main_type
from .results import to_json

_JSON_HELP = "Print the answer as JSON instead of text"
_EXIT_STATUS = "Exit status: 0 success, 1 platform or network error, 2 usage error."

Answers = Callable[[str], bool]
"""Whether this run of the CLI has a handler for a local tool (its own, or a runtime's)."""


def global_help(data: CliData, answers: Answers) -> str:
    """``<prog> --help``: every command with its summary, the global options and the environment."""
    lines = [f"Usage: {data.bin} <command> [options]", "", "Commands:"]
    lines += _table([(c.usage, c.summary) for c in data.commands])
    local = [c for c in data.commands if c.local]
    answered = [c.keyword for c in local if answers(c.tool)]
    unanswered = [c.keyword for c in local if not answers(c.tool)]
    if answered:
        lines += ["", f"Handled by the agent runtime's own code: {', '.join(answered)}"]
    if unanswered:
        lines += [
            "",
            "Handled by the agent runtime (without its handler the command exits 1): "
            + ", ".join(unanswered),
        ]
    lines += ["", "Options:"]
    lines += _table(
        [
            ("--json", _JSON_HELP),
            (
                "-h, --help",
                f"Show this help; '{data.bin} <command> --help' shows a command's",
            ),
        ]
    )
    lines += ["", "Environment:"]
    env = data.env
    if has_workspaces(env):
        variables = [
            (env["baseUrl"], "The platform's base URL"),
            (env["workspaceId"], "The workspace to act as"),
            (env["token"], "That workspace's token (never printed)"),
            (
                env["workspaces"],
                'Instead of the two above: a JSON array of {"id", "token"}, the first the default',
            ),
        ]
    else:
        fallback = env.get("defaultBaseUrl")
        shown = "" if fallback is None else f" (default {fallback})"
        variables = [(env["baseUrl"], f"The API's base URL{shown}")]
        variables += credential_variables(env.get("auth"))
    lines += _table(variables)
    lines += ["", _EXIT_STATUS]
    return "\n".join(lines) + "\n"


def command_help(data: CliData, command: CliCommand, answers: Answers) -> str:
    """``<prog> <command> --help``: its usage, what it does, its arguments and options."""
    positionals = [i for i in command.inputs if i.option is None]
    options = [i for i in command.inputs if i.option is not None]
    required = "".join(f" {_option_usage(i)}" for i in options if i.required)
    lines = [
        f"Usage: {data.bin} {command.usage}{required} [options]",
        "",
        _sentence(command.summary),
    ]
    if command.description != _sentence(command.summary):
        lines += ["", command.description]
    if command.local and answers(command.tool):
        lines += ["", "Handled by the agent runtime's own code, not by the platform."]
    elif command.local:
        lines += [
            "",
            f"Handled by the agent runtime's own code, not by the platform: the plain '{data.bin}' command",
            "has no handler for it and exits 1; a runtime that has one runs main(argv, { handlers })",
            f"from {data.package}.",
        ]
    if positionals:
        lines += ["", "Arguments:"]
        lines += _table([(placeholder_of(i), _describe(i)) for i in positionals])
    lines += ["", "Options:"]
    lines += _table(
        [
            *((_option_usage(i), _describe(i)) for i in options),
            ("--json", _JSON_HELP),
            ("-h, --help", "Show this help"),
        ]
    )
    lines += ["", _EXIT_STATUS]
    return "\n".join(lines) + "\n"


def usage_hint(data: CliData, command: CliCommand | None) -> str:
    """How a usage error ends: where to read the right usage."""
    if command is not None:
        return f"Run '{data.bin} {command.keyword} --help' for its usage."
    return f"Run '{data.bin} --help' to list the commands."


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _option_usage(input: CliInput) -> str:
    if main_type(input.schema) == "boolean":
        return f"--{input.option}, --no-{input.option}"
    return f"--{input.option} {placeholder(input.schema)}"


def _describe(input: CliInput) -> str:
    notes: list[str] = []
    if input.option is not None and input.required:
        notes.append("required")
    if input.option is not None and main_type(input.schema) == "array":
        notes.append("repeatable")
    if "default" in input.schema:
        default = input.schema["default"]
        notes.append(
            f"default: {default if isinstance(default, str) else to_json(default)}"
        )
    described = input.schema.get("description")
    text = described if isinstance(described, str) else ""
    suffix = f"({', '.join(notes)})" if notes else ""
    return " ".join(part for part in (text, suffix) if part)


def _units(text: str) -> int:
    """A string's length as JavaScript counts it (UTF-16 code units), for padEnd."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _table(rows: Sequence[tuple[str, str]]) -> list[str]:
    """Two columns, the second starting two spaces after the longest first cell."""
    width = max(_units(left) for left, _ in rows)
    return [
        f"  {left}{' ' * (width - _units(left))}  {right}" if right else f"  {left}"
        for left, right in rows
    ]
