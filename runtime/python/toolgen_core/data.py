"""The shape of a generated package's ``spec.json``: everything the runtime knows of the spec.

toolgen writes it from tools.yaml with the same shapes as the TypeScript packages' data files
(runtime/*/data.ts), so that both runtimes read one description of each tool. Keys are as in
those files (camelCase); each input and output schema is written once, under ``client``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Literal, TypedDict

if sys.version_info >= (3, 11):
    from typing import NotRequired, Required
else:  # pragma: no cover - Python 3.10
    from typing_extensions import NotRequired, Required

JsonObject = dict[str, object]

HttpMethod = Literal["GET", "POST", "PUT", "PATCH", "DELETE"]


class BasicNames(TypedDict):
    username: str
    password: str


class AuthEnv(TypedDict, total=False):
    """An API's one credential (runtime/shared/data.ts): ``bearer``, ``apiKey`` with ``header``
    or ``query``, or ``basic``; ``optional``: the client works without it."""

    bearer: str
    apiKey: str
    header: str
    query: str
    basic: BasicNames
    optional: bool


class EnvNames(TypedDict, total=False):
    """The environment variables the client reads, as tools.yaml names them: the base URL, and
    either the workspaces' three (a platform) or at most one credential, ``auth`` (an API)."""

    baseUrl: Required[str]
    defaultBaseUrl: str
    workspaceId: str
    token: str
    workspaces: str
    auth: AuthEnv


class InputSource(TypedDict):
    input: str


class WorkspaceSource(TypedDict):
    workspace: Literal[True]


class ConstSource(TypedDict):
    const: object


class TextPart(TypedDict):
    text: str


ValueSource = InputSource | WorkspaceSource | ConstSource
PathPart = TextPart | InputSource | WorkspaceSource | ConstSource


class Field(TypedDict, total=False):
    """A query parameter, body field or header: ``name`` and one of input, workspace or const."""

    name: str
    input: str
    workspace: Literal[True]
    const: object


class HttpBinding(TypedDict):
    method: HttpMethod
    path: list[PathPart]
    route: str | None
    query: list[Field]
    body: list[Field] | InputSource | None
    """None: no body; ``{"input": name}``: that one input is the whole JSON body."""
    headers: list[Field]
    idempotencyKey: NotRequired[str]
    """The header carrying a fresh idempotency key per call, the same on each of its retries."""


class ViewData(TypedDict, total=False):
    description: str
    hide: list[str]


class ToolViews(TypedDict, total=False):
    mcp: ViewData
    langchain: ViewData
    aiSdk: ViewData
    functionCalling: ViewData
    cli: ViewData


class ToolData(TypedDict):
    name: str
    method: str
    section: str
    short: str
    local: bool
    inputSchema: JsonObject
    outputSchema: JsonObject | None
    idempotent: bool
    http: HttpBinding | None
    views: NotRequired[ToolViews]


class ClientData(TypedDict):
    env: EnvNames
    tools: list[ToolData]


class ToolHints(TypedDict, total=False):
    title: str
    readOnlyHint: bool
    destructiveHint: bool
    idempotentHint: bool
    openWorldHint: bool


class ToolExecution(TypedDict):
    taskSupport: Literal["forbidden"]


class Icon(TypedDict, total=False):
    src: Required[str]
    mimeType: str
    sizes: list[str]
    theme: Literal["light", "dark"]


class ToolListing(TypedDict, total=False):
    title: str
    annotations: ToolHints
    execution: ToolExecution
    icons: list[Icon]
    meta: JsonObject


class ServerData(TypedDict):
    name: str
    version: str
    bin: str
    environment: EnvNames
    httpTokenEnv: str | None


class McpData(TypedDict):
    server: ServerData
    renamed: dict[str, str]
    listing: dict[str, ToolListing]


class LangchainToolData(TypedDict):
    name: str
    whenToUse: str
    renamedFrom: list[str]


class LangchainData(TypedDict):
    sections: list[str]
    tools: list[LangchainToolData]


class InputData(TypedDict):
    name: str
    option: str | None
    required: bool
    variadic: NotRequired[Literal[True]]


class CommandData(TypedDict):
    tool: str
    keyword: str
    usage: str
    summary: str
    description: str
    local: bool
    inputs: list[InputData]


class CommandsData(TypedDict):
    package: str
    bin: str
    env: EnvNames
    commandMap: dict[str, str | None]
    commands: list[CommandData]


class FunctionCallingData(TypedDict):
    renamed: dict[str, str]


class SpecData(TypedDict):
    """The whole ``spec.json``."""

    client: ClientData
    mcp: McpData
    langchain: LangchainData
    cli: CommandsData
    functionCalling: FunctionCallingData
    patterns: dict[str, str]
    """Each ``pattern`` of the schemas (ECMAScript syntax, as written) → the Python ``re``
    pattern that matches the same strings; toolgen refuses a pattern it cannot translate."""


def load_spec(package: str | None) -> SpecData:
    """The ``spec.json`` of a generated package, by the package's import name (a generated
    module passes its ``__package__``, which ``python -m`` sets too). Each call reads the file
    afresh: no module shares its objects with another, so that changing a schema one module
    hands out cannot change what another validates."""
    if not package:
        raise ImportError(
            "load_spec: import the module from its package, not as a file"
        )
    # Beside the package's __init__.py, which is imported before any of its modules.
    folder = sys.modules[package].__path__[0]
    with open(os.path.join(folder, "spec.json"), encoding="utf-8") as file:
        text = file.read()
    spec: SpecData = json.loads(text)
    return spec


def spec_loader(package: str | None) -> Callable[[], SpecData]:
    """``load_spec(package)`` on first call, the same object after: for a module that needs
    the spec only when it is used (the client's, when a client is made), not when imported."""
    loaded: list[SpecData] = []

    def spec() -> SpecData:
        if not loaded:
            loaded.append(load_spec(package))
        return loaded[0]

    return spec
