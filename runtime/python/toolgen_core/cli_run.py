"""One command line in, an exit code out (runtime/cli/run.ts, entry.ts).

``main`` is what a generated package's ``cli.py`` calls: it reads the package's ``spec.json``
data, parses the command line, prints help or a usage error, and otherwise runs the command
through the client (an HTTP tool) or a local tool's handler, printing the answer as text or, with
``--json``, as JSON. Everything it prints goes through ``stdout`` and ``stderr``; it never calls
``sys.exit``. The texts and exit codes are the TypeScript CLI's, byte for byte, except the
program's name, which the caller gives (``prog``).

The program's name: the TypeScript CLI shows its bin (the spec's ``cli.bin``); here ``prog``
defaults to the same, and a generated ``cli.py`` passes the name it was started by: its console
script's name, or ``python -m <module>.cli`` when run as a module, so that every "Run '… --help'"
hint can be typed as shown. Every other byte is the TypeScript CLI's.
"""

from __future__ import annotations

import inspect
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

import anyio

from .cli_argv import Help, Usage, parse_command_line
from .cli_data import CliCommand, CliData, with_schemas
from .cli_format import format_json, format_text
from .cli_help import command_help, global_help, usage_hint
from .data import SpecData
from .env import tokens_in_env
from .extras import import_runtime
from .handler import HandlerContext, LocalHandler, ToolCaller
from .printable import printable
from .redact import redact

EXIT_OK = 0
EXIT_FAILED = 1
"""The platform refused the call, could not be reached, or a handler failed."""
EXIT_USAGE = 2
"""The CLI was called or configured wrongly."""

EXIT_INTERRUPTED = 130
"""Ctrl-C: the code a shell gives a process ended by SIGINT, as the Node CLI ends."""

Write = Callable[[str], None]
Env = Mapping[str, str]


class CliClient(ToolCaller, Protocol):
    """What the CLI needs of the client: ``call``, and ``aclose`` once the command has ended."""

    async def aclose(self) -> None: ...


RuntimeFactory = Callable[[CliClient, Env], object]
"""Makes a runtime, as a runtime module's ``create_runtime(client, env)``: it returns (or
resolves to) an object or a mapping with ``handlers`` (tool name → handler) and optionally an
async ``stop``, called when the command has ended."""


@dataclass(frozen=True)
class CliDeps:
    """What the CLI takes from the client side of the package (the runtime never names it)."""

    create_client: Callable[[Env], CliClient]
    validate_input: Callable[[str, object], Sequence[str]]
    with_defaults: Callable[[str, dict[str, object]], dict[str, object]]
    usage_errors: tuple[type[BaseException], ...]
    """Errors that mean the CLI was configured or called wrongly: exit 2, not 1."""


def main(
    spec: SpecData,
    argv: Sequence[str] | None = None,
    env: Env | None = None,
    *,
    prog: str | None = None,
    handlers: Mapping[str, LocalHandler] | None = None,
    runtime: str | RuntimeFactory | None = None,
    client: CliClient | None = None,
    stdout: Write | None = None,
    stderr: Write | None = None,
    deps: CliDeps | None = None,
) -> int:
    """Runs one command line and returns its exit code: 0 success, 1 platform or network error
    (or a local tool without a handler), 2 usage error.

    ``argv`` is the command line without the program (``sys.argv[1:]`` by default); ``env`` the
    environment (``os.environ``); ``prog`` the name messages show (the spec's ``bin`` by default);
    ``handlers`` answer local tools by name; ``runtime`` is a runtime module's path (its
    ``create_runtime``) or the factory itself, made only for a local tool's command that
    ``handlers`` does not answer; ``client`` a ready client (else one is made from ``env``)."""
    try:
        return _run_sync(
            spec,
            argv,
            env,
            prog=prog,
            handlers=handlers,
            runtime=runtime,
            client=client,
            stdout=stdout,
            stderr=stderr,
            deps=deps,
        )
    except KeyboardInterrupt:
        # As Node ends on SIGINT: no message, the shell's 128 + SIGINT.
        return EXIT_INTERRUPTED


def _run_sync(
    spec: SpecData,
    argv: Sequence[str] | None,
    env: Env | None,
    *,
    prog: str | None,
    handlers: Mapping[str, LocalHandler] | None,
    runtime: str | RuntimeFactory | None,
    client: CliClient | None,
    stdout: Write | None,
    stderr: Write | None,
    deps: CliDeps | None,
) -> int:
    return anyio.run(
        lambda: run(
            spec,
            sys.argv[1:] if argv is None else argv,
            os.environ if env is None else env,
            prog=prog,
            handlers=handlers,
            runtime=runtime,
            client=client,
            stdout=stdout,
            stderr=stderr,
            deps=deps,
        )
    )


async def run(
    spec: SpecData,
    argv: Sequence[str],
    env: Env,
    *,
    prog: str | None = None,
    handlers: Mapping[str, LocalHandler] | None = None,
    runtime: str | RuntimeFactory | None = None,
    client: CliClient | None = None,
    stdout: Write | None = None,
    stderr: Write | None = None,
    deps: CliDeps | None = None,
) -> int:
    """``main`` for a caller already in an event loop."""
    data = with_schemas(spec["cli"], spec["client"]["tools"])
    if prog is not None:
        data = replace(data, bin=prog)
    return await run_cli(
        argv,
        data,
        (lambda: deps) if deps is not None else (lambda: _client_deps(spec)),
        handlers=handlers or {},
        runtime=runtime,
        client=client,
        env=env,
        out=stdout or _writer(sys.stdout),
        err=stderr or _writer(sys.stderr),
    )


def _client_deps(spec: SpecData) -> CliDeps:
    from .cli_client import client_deps

    return client_deps(spec)


async def run_cli(
    argv: Sequence[str],
    data: CliData,
    deps_of: Callable[[], CliDeps],
    *,
    handlers: Mapping[str, LocalHandler],
    runtime: str | RuntimeFactory | None,
    client: CliClient | None,
    env: Env,
    out: Write,
    err: Write,
) -> int:
    """argv in, exit code out; prints through ``out`` and ``err`` only. ``deps_of`` gives the
    client side, asked for only once a command is to run (help and usage errors need none)."""
    # A token typed as an argument by mistake is quoted back by usage errors: never print it.
    err = _redacting(err, tokens_in_env(env, data.env))
    invocation = parse_command_line(argv, data)
    if isinstance(invocation, Help):

        def answers(tool: str) -> bool:
            return tool in handlers or runtime is not None

        command = invocation.command
        out(
            global_help(data, answers)
            if command is None
            else command_help(data, command, answers)
        )
        return EXIT_OK
    if isinstance(invocation, Usage):
        who = _who(data, invocation.command)
        hint = usage_hint(data, invocation.command)
        err(f"{who}: {printable(invocation.message)}\n{hint}\n")
        return EXIT_USAGE

    command, given, as_json = invocation.command, invocation.input, invocation.json
    deps = deps_of()
    # Checked with the schema defaults filled in: an input the CLI hides can only take its default.
    problems = list(
        deps.validate_input(command.tool, deps.with_defaults(command.tool, given))
    )
    if problems:
        listed = (
            f" {printable(problems[0])}"
            if len(problems) == 1
            else "".join(f"\n  - {printable(p)}" for p in problems)
        )
        err(
            f"{_who(data, command)}: invalid arguments:{listed}\n{usage_hint(data, command)}\n"
        )
        return EXIT_USAGE
    own = handlers.get(command.tool) if command.local else None
    if command.local and own is None and runtime is None:
        err(
            f"{_who(data, command)}: '{command.tool}' is a local tool, handled by the agent "
            "runtime's own code, and this CLI was started without a handler for it.\n"
            "A runtime that implements it passes its handler to this CLI's main() as "
            f'handlers["{command.tool}"], or the spec\'s runtime setting names a runtime '
            "that has one.\n"
        )
        return EXIT_FAILED

    made: CliClient | None = None
    stop: Callable[[], object] | None = None
    try:
        if client is None:
            made = deps.create_client(env)
        caller = client if client is not None else made
        assert caller is not None
        handler = own
        if command.local and handler is None and runtime is not None:
            found, stop = await _make_runtime(data.package, runtime, caller, env)
            handler = found.get(command.tool)
            if handler is None:
                raise LookupError(
                    f"the runtime has no handler for the local tool '{command.tool}'"
                )
        complete = deps.with_defaults(command.tool, given)
        if handler is not None:
            answer = await handler(complete, HandlerContext(caller, via="the CLI"))
        else:
            answer = await caller.call(command.tool, complete)
        out(format_json(answer) if as_json else format_text(answer))
        return EXIT_OK
    except Exception as error:  # noqa: BLE001 - every failure is a message and exit 1 or 2
        err(f"{_who(data, command)}: {_message(error)}\n")
        return EXIT_USAGE if isinstance(error, deps.usage_errors) else EXIT_FAILED
    finally:
        await _stop_quietly(stop, lambda text: err(f"{_who(data, command)}: {text}\n"))
        if made is not None:
            await made.aclose()


async def _make_runtime(
    package: str, runtime: str | RuntimeFactory, client: CliClient, env: Env
) -> tuple[Mapping[str, LocalHandler], Callable[[], object] | None]:
    """The handlers and the ``stop`` of a runtime made for one command (never started)."""
    factory: RuntimeFactory
    if isinstance(runtime, str):
        factory = import_runtime(package, runtime).create_runtime
    else:
        factory = runtime
    made = factory(client, env)
    if inspect.isawaitable(made):
        made = await made
    parts = made if isinstance(made, Mapping) else None
    found = (
        parts.get("handlers") if parts is not None else getattr(made, "handlers", None)
    )
    stop = parts.get("stop") if parts is not None else getattr(made, "stop", None)
    if not isinstance(found, Mapping):
        raise TypeError("the runtime's create_runtime returned no handlers")
    return found, stop if callable(stop) else None


async def _stop_quietly(stop: Callable[[], object] | None, report: Write) -> None:
    """A runtime that fails to stop is reported; the command's own outcome stands."""
    if stop is None:
        return
    try:
        result = stop()
        if inspect.isawaitable(result):
            await result
    except Exception as error:  # noqa: BLE001 - reported; the outcome stands
        report(f"the runtime did not stop cleanly: {_message(error)}")


def _who(data: CliData, command: CliCommand | None) -> str:
    return f"{data.bin} {command.keyword}" if command is not None else data.bin


def _message(error: BaseException) -> str:
    """An error as printed: every text in it may come from outside, so each goes through
    ``printable``. A ConfigError's problems one a line; a PlatformError's HTTP status after it."""
    problems = getattr(error, "problems", None)
    if isinstance(problems, (list, tuple)) and len(problems) > 1:
        listed = "".join(f"\n  - {printable(str(p))}" for p in problems)
        return f"{len(problems)} problems:{listed}"
    status = getattr(error, "status", None)
    text = printable(str(error))
    if isinstance(status, int) and not isinstance(status, bool):
        return f"{text} (HTTP {status})"
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def _redacting(write: Write, tokens: Sequence[str]) -> Write:
    def redacted(text: str) -> None:
        write(redact(text, tokens))

    return redacted


def _writer(stream: object) -> Write:
    """Writes UTF-8 to a standard stream whatever its encoding, a lone surrogate as U+FFFD (as
    Node writes a string), and flushes, so that output and exit code arrive together."""
    buffer = getattr(stream, "buffer", None)

    def write(text: str) -> None:
        data = _SURROGATE.sub("\ufffd", text).encode("utf-8")
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            write_text: Write = stream.write  # type: ignore[attr-defined]
            write_text(data.decode("utf-8"))

    return write
