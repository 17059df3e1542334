"""toolgen_core.cli_run.main as a runtime calls it in-process: handlers given by the caller, a
runtime factory or module, the program's name, and the failures of each (the command-line
behaviour itself is held by the shared vectors, test_cli_vectors.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from cli_platform import Platform, platform_server
from toolgen_core.cli_run import main
from toolgen_core.data import CommandData, SpecData
from toolgen_core.handler import HandlerContext, LocalHandler, ToolCaller


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    with platform_server() as server:
        yield server


def local_command(spec: SpecData) -> CommandData:
    return next(c for c in spec["cli"]["commands"] if c["local"])


def argv_for(command: CommandData) -> list[str]:
    """The command's keyword and a word for each positional argument."""
    words = [w for w in command["keyword"].split(" ") if not w.startswith("-")]
    flags = [w for w in command["keyword"].split(" ") if w.startswith("-")]
    positionals = [
        f"{i['name']}-value" for i in command["inputs"] if i["option"] is None
    ]
    return [*words, *flags, *positionals]


def env_of(spec: SpecData, platform: Platform) -> dict[str, str]:
    names = spec["cli"]["env"]
    return {
        names["baseUrl"]: platform.url,
        names["workspaceId"]: "ws-self",
        names["token"]: "tok-self-secret",
    }


def run(
    spec: SpecData, argv: list[str], env: Mapping[str, str], **options: object
) -> tuple[int, str, str]:
    out: list[str] = []
    err: list[str] = []
    code = main(spec, argv, env, stdout=out.append, stderr=err.append, **options)  # type: ignore[arg-type]
    return code, "".join(out), "".join(err)


def test_a_handler_given_by_the_caller_answers_the_local_command(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = local_command(reference_spec)
    seen: list[tuple[dict[str, object], ToolCaller]] = []

    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        seen.append((input, ctx.client))
        return "done"

    platform.reset(None)
    code, out, err = run(
        reference_spec,
        argv_for(command),
        env_of(reference_spec, platform),
        handlers={command["tool"]: handler},
    )
    assert (code, out, err) == (0, "done\n", "")
    positional = [i["name"] for i in command["inputs"] if i["option"] is None]
    assert seen[0][0] == {name: f"{name}-value" for name in positional}
    assert hasattr(seen[0][1], "call")
    assert platform.requests == []


def test_the_help_says_which_local_commands_a_handler_answers(
    reference_spec: SpecData,
) -> None:
    command = local_command(reference_spec)

    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        return None

    code, out, _ = run(
        reference_spec, ["--help"], {}, handlers={command["tool"]: handler}
    )
    assert code == 0
    assert f"Handled by the agent runtime's own code: {command['keyword']}\n" in out


def test_a_handler_that_raises_is_a_message_and_exit_1(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = local_command(reference_spec)

    async def handler(input: dict[str, object], ctx: HandlerContext) -> object:
        raise RuntimeError("peer unreachable\x1b[2J")

    code, out, err = run(
        reference_spec,
        argv_for(command),
        env_of(reference_spec, platform),
        handlers={command["tool"]: handler},
    )
    bin = reference_spec["cli"]["bin"]
    assert (code, out) == (1, "")
    assert err == f"{bin} {command['keyword']}: peer unreachable\\x1b[2J\n"


def test_prog_names_the_program_in_every_message(reference_spec: SpecData) -> None:
    code, _, err = run(reference_spec, ["nonsense-word"], {}, prog="python -m pkg.cli")
    assert code == 2
    assert err == (
        "python -m pkg.cli: unknown command 'nonsense-word'\n"
        "Run 'python -m pkg.cli --help' to list the commands.\n"
    )


class Stopping:
    def __init__(self, handlers: dict[str, LocalHandler], fail: bool) -> None:
        self.handlers = handlers
        self.fail = fail
        self.stopped = False

    async def stop(self) -> None:
        self.stopped = True
        if self.fail:
            raise OSError("socket already closed")


def test_a_runtime_factory_is_made_for_a_local_command_and_stopped(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = local_command(reference_spec)
    made: list[Stopping] = []

    async def answer(input: dict[str, object], ctx: HandlerContext) -> object:
        return {"ok": True}

    def factory(client: object, env: Mapping[str, str]) -> Stopping:
        made.append(Stopping({command["tool"]: answer}, fail=True))
        return made[-1]

    code, out, err = run(
        reference_spec,
        argv_for(command),
        env_of(reference_spec, platform),
        runtime=factory,
    )
    bin = reference_spec["cli"]["bin"]
    assert (code, out) == (0, "ok: true\n")
    assert err == (
        f"{bin} {command['keyword']}: the runtime did not stop cleanly: socket already closed\n"
    )
    assert made[0].stopped


def test_a_runtime_is_never_made_for_an_http_command(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = next(c for c in reference_spec["cli"]["commands"] if not c["local"])
    made: list[object] = []
    platform.reset(
        {"status": 200, "headers": {"content-type": "application/json"}, "body": "{}"}
    )
    code, _, err = run(
        reference_spec,
        argv_for(command),
        env_of(reference_spec, platform),
        runtime=lambda client, env: made.append(client),
    )
    assert (code, err, made) == (0, "", [])
    assert len(platform.requests) == 1


def test_a_runtime_without_the_handler_says_so(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = local_command(reference_spec)
    code, _, err = run(
        reference_spec,
        argv_for(command),
        env_of(reference_spec, platform),
        runtime=lambda client, env: {"handlers": {}},
    )
    bin = reference_spec["cli"]["bin"]
    assert code == 1
    assert err == (
        f"{bin} {command['keyword']}: the runtime has no handler for the local tool "
        f"'{command['tool']}'\n"
    )


def test_a_runtime_module_that_is_not_installed_fails_only_its_command(
    reference_spec: SpecData, platform: Platform
) -> None:
    command = local_command(reference_spec)
    env = env_of(reference_spec, platform)
    assert run(reference_spec, ["--help"], env, runtime="nowhere_runtime")[0] == 0
    code, _, err = run(
        reference_spec, argv_for(command), env, runtime="nowhere_runtime"
    )
    assert code == 1
    assert err == (
        f"{reference_spec['cli']['bin']} {command['keyword']}: {reference_spec['cli']['package']}"
        " serves its local tools with nowhere_runtime, which is not installed: install the"
        " distribution that provides it\n"
    )


def test_a_runtime_module_that_fails_on_its_own_import_says_what_it_lacks(
    reference_spec: SpecData,
    platform: Platform,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "broken_runtime.py").write_text("import nowhere_dependency\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    command = local_command(reference_spec)
    code, _, err = run(
        reference_spec, argv_for(command), env_of(reference_spec, platform),
        runtime="broken_runtime",
    )  # fmt: skip
    assert code == 1
    assert err.endswith(": No module named 'nowhere_dependency'\n")
