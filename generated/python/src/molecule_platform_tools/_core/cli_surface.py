"""The generated ``<module>.cli``'s ``main``, bound to the package's spec and runtime."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cli_run import main as run_main
from .data import SpecData
from .handler import LocalHandler


class CliSurface:
    """One package's command line: the TypeScript CLI's commands, options, help, output and
    exit codes, reading the environment variables the spec names."""

    def __init__(self, spec: SpecData, *, runtime: str | None) -> None:
        self._spec = spec
        self._runtime = runtime

    def main(
        self,
        argv: Sequence[str] | None = None,
        env: Mapping[str, str] | None = None,
        *,
        prog: str | None = None,
        handlers: Mapping[str, LocalHandler] | None = None,
    ) -> int:
        """Runs one command line (``sys.argv[1:]`` by default) and returns its exit code: 0
        done, 1 refused by the platform or unreachable (or a local tool without a handler), 2
        called wrongly. ``prog`` is the name messages show (the console script's by default);
        ``handlers`` answer local tools' commands before the spec's runtime module does."""
        return run_main(
            self._spec,
            argv,
            env,
            prog=prog,
            handlers=handlers,
            runtime=self._runtime,
        )
