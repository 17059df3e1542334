"""The optional integrations' libraries, each brought by an extra of the package (``[mcp]``,
``[langchain]``): when one is not installed, what uses it says which extra to install, as the
TypeScript packages say which SDK to install, rather than a bare ``ModuleNotFoundError``."""

from __future__ import annotations

import importlib
from types import ModuleType


class MissingExtraError(ImportError):
    """A function of the package needs a library its core does not install: the message names
    the extra that brings it (``pip install 'acme-tools[mcp]'``)."""


def missing_extra(package: str, extra: str) -> str | None:
    """What to say when ``extra``'s library is not installed, else None (it is imported: the
    caller is about to use it)."""
    library, what = _EXTRAS[extra]
    try:
        importlib.import_module(library)
    except ModuleNotFoundError as error:
        if error.name != library:
            raise  # the library is there, and broken: its own error says more
        return f"{package} needs {what}: pip install '{package}[{extra}]'"
    return None


def require_extra(package: str, extra: str) -> None:
    """Raises ``MissingExtraError`` when ``extra``'s library is not installed."""
    message = missing_extra(package, extra)
    if message is not None:
        raise MissingExtraError(message, name=_EXTRAS[extra][0])


class MissingRuntimeError(ImportError):
    """The runtime module the spec names (``targets.python.runtime``) is not installed: the
    message names it and the package that needs it."""


def import_runtime(package: str, runtime: str) -> ModuleType:
    """The runtime module ``runtime``; ``MissingRuntimeError`` when it (or a package on its path)
    is not installed. A module that is there and fails on an import of its own raises that
    import's error, which says more."""
    try:
        return importlib.import_module(runtime)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if runtime != missing and not runtime.startswith(f"{missing}."):
            raise
        raise MissingRuntimeError(
            f"{package} serves its local tools with {runtime}, which is not installed:"
            " install the distribution that provides it",
            name=runtime,
        ) from None


_EXTRAS = {
    "mcp": ("mcp", "the MCP Python SDK (mcp 2.x) to serve MCP"),
    "langchain": ("langchain_core", "langchain-core 1.x for its LangChain tools"),
}
