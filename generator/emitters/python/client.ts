import { declared } from "../../model/targets.js";
import type { Model, Tool } from "../../model/types.js";
import { pythonMethodName } from "../../model/python-names.js";
import { hashHeader } from "../../render/header.js";
import { docstring, pyString } from "./literal.js";
import { PythonTypes } from "./types.js";

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
export function clientPy(model: Model): string {
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
      ? "Literal[None]"
      : `Literal[${tools.map((t) => pyString(t.name)).join(", ")}]`;
  const methods = http.map((t) =>
    method(t, inputs.get(t)!, results.get(t) ?? null),
  );
  const declarations = types.declarations.join("");
  const typing = [
    "Literal",
    ...(declarations.includes("TypedDict") ? ["TypedDict"] : []),
    ...(http.some((t) => results.has(t)) ? ["cast"] : []),
  ];
  const notRequired = declarations.includes("NotRequired[")
    ? `
if sys.version_info >= (3, 11):
    from typing import NotRequired
else:  # pragma: no cover - Python 3.10
    from typing_extensions import NotRequired
`
    : "";
  return [
    hashHeader,
    `"""The platform's HTTP API as an async client (httpx): one method per HTTP tool, each input a
TypedDict of its schema, each call validated, routed to its workspace and sent with that
workspace's token only. create_client_from_env() reads the environment variables the spec names.
"""\n\n`,
    [
      "from __future__ import annotations",
      "",
      "import os",
      ...(notRequired ? ["import sys"] : []),
      "from collections.abc import Mapping",
      `from typing import ${typing.join(", ")}`,
      "",
      "from ._core import client as _client",
      "from ._core.config import CallOptions, ClientConfig",
      "from ._core.data import load_spec",
      "from ._core.env import config_from_env",
      "",
    ].join("\n"),
    `${notRequired}\n_SPEC = load_spec(__package__)\n`,
    `\nToolName = ${literal(model.tools)}\nHttpToolName = ${literal(http)}\nLocalToolName = ${literal(local)}\n`,
    ...types.declarations.map((d) => `\n\n${d}`),
    `\n\nclass Client(_client.Client):\n    """A client of the platform, made by create_client or create_client_from_env."""\n`,
    ...methods,
    `

def create_client(config: ClientConfig) -> Client:
    """A client configured in code: base_url, and workspace or workspaces (see ClientConfig)."""
    return Client(_SPEC["client"], config, _SPEC["patterns"])


def create_client_from_env(env: Mapping[str, str] | None = None) -> Client:
    """A client configured from the environment (os.environ by default): ${declared(model, "python").env.baseUrl}, and
    ${declared(model, "python").env.workspaceId} with ${declared(model, "python").env.token}, or ${declared(model, "python").env.workspaces} (a JSON array of {"id", "token"})."""
    names = _SPEC["client"]["env"]
    return create_client(config_from_env(os.environ if env is None else env, names))
`,
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
