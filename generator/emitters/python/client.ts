import { declared } from "../../model/targets.js";
import {
  credentialVariables,
  hasWorkspaces,
  type EnvNames,
} from "../../../runtime/shared/data.js";
import type { Model, Tool } from "../../model/types.js";
import { pythonMethodName } from "../../model/python-names.js";
import { hashHeader } from "../../render/header.js";
import { docstring, pyAll, pyString } from "./literal.js";
import { PythonTypes } from "./types.js";

/** What client.py exports: its own names and the runtime's it passes on. */
const CLIENT_ALL = pyAll([
  "CallOptions",
  "CallTimeoutError",
  "Client",
  "ClientConfig",
  "ClientError",
  "ClientHooks",
  "ConfigError",
  "HttpToolName",
  "InputError",
  "LocalToolName",
  "NetworkError",
  "OutcomeUnknownError",
  "PlatformError",
  "RequestInfo",
  "ResponseInfo",
  "RetryOptions",
  "ToolName",
  "UnknownWorkspaceError",
  "WorkspaceCredentials",
  "create_client",
  "create_client_from_env",
]);

/** The names client.py defines itself, which no TypedDict of a tool may take. */
const OWN_NAMES = [
  "Client",
  "ToolName",
  "HttpToolName",
  "LocalToolName",
  "create_client",
  "create_client_from_env",
];

/**
 * `client.py`: the typed layer over toolgen_core's client. A TypedDict per tool's input (and
 * per object within it), a result type per tool with `output`, the name literals, and a
 * `Client` with one async method per HTTP tool.
 */
export function clientPy(model: Model): { client: string; inputs: string } {
  const types = new PythonTypes(OWN_NAMES);
  const inputs = new Map<Tool, string>();
  const results = new Map<Tool, string>();
  for (const t of model.tools) {
    inputs.set(
      t,
      types.annotation(
        t.input,
        t.input,
        `${t.pascalName}Input`,
        `Input of ${t.name}: ${t.short}`,
      ),
    );
    if (t.output !== null)
      results.set(
        t,
        types.annotation(
          t.output,
          t.output,
          `${t.pascalName}Result`,
          `Result of ${t.name}`,
        ),
      );
  }
  const http = model.tools.filter((t) => t.http !== null);
  const local = model.tools.filter((t) => t.http === null);
  const literal = (tools: readonly Tool[]) =>
    tools.length === 0
      ? "NoReturn" // no such tool: the type no value has
      : `Literal[${tools.map((t) => pyString(t.name)).join(", ")}]`;
  const methods = http.map((t) =>
    method(t, inputs.get(t)!, results.get(t) ?? null),
  );
  // Only the names the methods' signatures use: the rest are for the package's users.
  const declaredNames = new Set(types.names);
  const used = [
    ...new Set(
      http.flatMap((t) =>
        [inputs.get(t)!, results.get(t) ?? ""]
          .flatMap((annotation) => annotation.match(/[A-Za-z_]\w*/g) ?? [])
          .filter((word) => declaredNames.has(word)),
      ),
    ),
  ].sort();
  const typing = [
    "TYPE_CHECKING",
    "Literal",
    ...(http.length === 0 || local.length === 0 ? ["NoReturn"] : []),
    ...(http.some((t) => results.has(t)) ? ["cast"] : []),
  ];
  const env = declared(model, "python").env;
  return {
    client: [
      hashHeader,
      `"""The platform's HTTP API as an async client (httpx): one method per HTTP tool, each input a
TypedDict of its schema (in the inputs module), each call validated, routed to its workspace and
sent with that workspace's token only. create_client_from_env() reads the environment variables
the spec names."""\n\n`,
      [
        "from __future__ import annotations",
        "",
        "import os",
        "from collections.abc import Mapping",
        `from typing import ${typing.join(", ")}`,
        "",
        "from ._core import client as _client",
        "from ._core.config import (",
        // An API's client takes its own configuration, under the one name the module exports.
        ...(hasWorkspaces(env)
          ? ["    CallOptions,", "    ClientConfig,"]
          : ["    ApiClientConfig,", "    CallOptions,"]),
        "    RetryOptions,",
        "    WorkspaceCredentials,",
        ")",
        "from ._core.data import spec_loader",
        "from ._core.env import config_from_env",
        "from ._core.errors import (",
        "    CallTimeoutError,",
        "    ClientError,",
        "    ConfigError,",
        "    InputError,",
        "    NetworkError,",
        "    OutcomeUnknownError,",
        "    PlatformError,",
        "    UnknownWorkspaceError,",
        ")",
        "from ._core.hooks import ClientHooks, RequestInfo, ResponseInfo",
        "",
        // The input types are for type-checkers: importing them costs a class per schema.
        ...(used.length === 0
          ? []
          : [
              "if TYPE_CHECKING:",
              `    from .inputs import ${used.length === 1 ? used[0] : `(\n${used.map((n) => `        ${n},\n`).join("")}    )`}`,
              "",
            ]),
        "# spec.json is read when the first client is made, not on import.",
        "_spec = spec_loader(__package__)",
        "",
      ].join("\n"),
      `\n${CLIENT_ALL}`,
      `\nToolName = ${literal(model.tools)}\nHttpToolName = ${literal(http)}\nLocalToolName = ${literal(local)}\n`,
      `\n\nclass Client(_client.Client):\n    """A client of the platform, made by create_client or create_client_from_env."""\n`,
      ...methods,
      `

${hasWorkspaces(env) ? "" : "ClientConfig = ApiClientConfig\n\n\n"}def create_client(config: ClientConfig) -> Client:
    """${hasWorkspaces(env) ? "A client configured in code: base_url, and workspace or workspaces (see ClientConfig)." : "A client configured in code: base_url (else the spec's) and auth (see ClientConfig)."}"""
    spec = _spec()
    return Client(spec["client"], config, spec["patterns"])


def create_client_from_env(env: Mapping[str, str] | None = None) -> Client:
    """${pythonEnvDoc(env)}"""
    spec = _spec()
    config = config_from_env(os.environ if env is None else env, spec["client"]["env"])
    return Client(spec["client"], config, spec["patterns"])
`,
    ].join(""),
    inputs: inputsPy(types),
  };
}

/** create_client_from_env's docstring: the variables it reads, for either kind of client. */
function pythonEnvDoc(env: EnvNames): string {
  const head = `A client configured from the environment (os.environ by default): ${env.baseUrl}`;
  if (hasWorkspaces(env))
    return `${head}, and\n    ${env.workspaceId} with ${env.token}, or ${env.workspaces} (a JSON array of {"id", "token"}).`;
  const names = credentialVariables(env.auth).map(([name]) => name);
  return names.length === 0
    ? `${head}.`
    : `${head}, and\n    the credential from ${names.join(" and ")}${env.auth?.optional === true ? " when set" : ""}.`;
}

/** `inputs.py`: every tool's input TypedDict (and result type, with `output`), and each object's within. */
function inputsPy(types: PythonTypes): string {
  const declarations = types.declarations.join("");
  const typing = [
    ...(declarations.includes("Literal[") ? ["Literal"] : []),
    ...(declarations.includes("TypedDict") ? ["TypedDict"] : []),
  ];
  const notRequired = declarations.includes("NotRequired[");
  return [
    hashHeader,
    `"""Each tool's input as a TypedDict of its schema (and its result, where the spec gives
\`output\`): what the client's methods take and return."""\n\nfrom __future__ import annotations\n\n`,
    ...(notRequired ? ["import sys\n"] : []),
    ...(typing.length === 0
      ? []
      : [`from typing import ${typing.join(", ")}\n`]),
    notRequired
      ? `
if sys.version_info >= (3, 11):
    from typing import NotRequired
else:  # pragma: no cover - Python 3.10
    from typing_extensions import NotRequired
`
      : "",
    `\n__all__ = [${[...types.names]
      .sort()
      .map((n) => pyString(n))
      .join(", ")}]\n`,
    ...types.declarations.map((d) => `\n\n${d}`),
  ].join("");
}

function method(tool: Tool, input: string, result: string | null): string {
  const optional = tool.required.length === 0;
  const returns = result ?? "object";
  const call = `await self.call(${pyString(tool.name)}, input, options)`;
  return `
    async def ${pythonMethodName(tool.camelName)}(
        self,
        input: ${input}${optional ? " | None = None" : ""},
        /,
        options: CallOptions | None = None,
    ) -> ${returns}:
${docstring(tool.short, "        ")}        return ${result === null ? call : `cast(${pyString(result)}, ${call})`}
`;
}
