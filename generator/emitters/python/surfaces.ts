import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { hashHeader } from "../../render/header.js";
import { pyString } from "./literal.js";

/**
 * The thin modules over toolgen_core's surfaces (mcp_surface.py, langchain_surface.py,
 * function_calling_surface.py, cli_surface.py): each binds its surface to the package's
 * spec.json and exports the surface's functions under the module's own names.
 */

const SPEC = `load_spec(__package__)`;

function surfaceModule(
  doc: string,
  imports: readonly string[],
  binding: string,
  names: readonly string[],
  tail = "",
): string {
  return [
    hashHeader,
    `"""${doc}"""\n\nfrom __future__ import annotations\n\n`,
    imports.map((i) => `${i}\n`).join(""),
    `\n__all__ = [${names.map(pyString).join(", ")}]\n\n`,
    `_SURFACE = ${binding}\n`,
    names.map((n) => `${n} = _SURFACE.${n}\n`).join(""),
    tail,
  ].join("");
}

/** `mcp.py`: the MCP server; `python -m <module>.mcp` runs the bin. */
export function mcpPy(model: Model): string {
  const python = declared(model, "python");
  const instructions =
    model.targets.mcp?.instructions === false ? "None" : "MCP_PROMPT";
  return surfaceModule(
    `The MCP server of these tools, on the mcp SDK's low-level server (the [mcp] extra).

\`python -m ${python.module}.mcp\` serves them over stdio, or over Streamable HTTP with
\`--http [host:]port\`; create_server, create_http_app and tool_answers serve them from your own
(tool_list and tool_answers need no SDK: for a JSON-RPC loop of your own).
`,
    [
      "import sys",
      "",
      "from ._core.data import load_spec",
      "from ._core.mcp_surface import McpSurface",
      ...(instructions === "None" ? [] : ["from .prompts import MCP_PROMPT"]),
    ],
    `McpSurface(\n    ${SPEC},\n    instructions=${instructions},\n    runtime=${python.runtime === null ? "None" : pyString(python.runtime)},\n    package=${pyString(python.package)},\n)`,
    ["create_http_app", "create_server", "main", "tool_answers", "tool_list"],
    `\nif __name__ == "__main__":\n    sys.exit(main())\n`,
  );
}

/** `langchain.py`: create_tools. */
export function langchainPy(model: Model): string {
  return surfaceModule(
    `LangChain tools of these tools, for langchain-core 1.x (the [langchain] extra).\n`,
    [
      "from ._core.data import load_spec",
      "from ._core.langchain_surface import LangchainSurface",
    ],
    `LangchainSurface(${SPEC}, package=${pyString(declared(model, "python").package)})`,
    ["create_tools"],
  );
}

/** `function_calling.py`: the providers' definitions and dispatch. */
export function functionCallingPy(): string {
  return surfaceModule(
    `OpenAI and Anthropic tool definitions of these tools as plain data, and dispatch to run a
model's tool call; neither SDK is imported.
`,
    [
      "from ._core.data import load_spec",
      "from ._core.function_calling_surface import FunctionCallingSurface",
    ],
    `FunctionCallingSurface(${SPEC})`,
    [
      "anthropic_tools",
      "dispatch",
      "dispatch_result",
      "openai_chat_tools",
      "openai_responses_tools",
    ],
  );
}

/** `cli.py`: the command line; `python -m <module>.cli` runs it, and so does the console script. */
export function cliPy(model: Model): string {
  const python = declared(model, "python");
  const script =
    python.cli === null ? "" : ` (or the console script \`${python.cli}\`)`;
  return surfaceModule(
    `The command line of these tools: \`python -m ${python.module}.cli\`${script}, with the
TypeScript CLI's commands, options, help, output and exit codes.
`,
    [
      "import sys",
      "",
      "from ._core.cli_surface import CliSurface",
      "from ._core.data import load_spec",
    ],
    `CliSurface(${SPEC}, runtime=${python.runtime === null ? "None" : pyString(python.runtime)})`,
    ["main"],
    `\nif __name__ == "__main__":\n    sys.exit(main(prog=${pyString(`python -m ${python.module}.cli`)}))\n`,
  );
}
