/**
 * The runtime package an import writes beside tools.yaml: `createRuntime` with one handler per
 * imported tool, each failing until it is written. Tool names reach the code only as JSON
 * strings (import refuses a spec whose names toolgen does not accept).
 */
export function runtimeStub(
  name: string,
  tools: readonly string[],
): Record<string, string> {
  const handlers = tools
    .map(
      (tool) =>
        `    ${JSON.stringify(tool)}: async () => {\n      throw new Error(${JSON.stringify(`${tool}: this handler is not written yet`)});\n    },\n`,
    )
    .join("");
  return {
    "package.json": `${JSON.stringify({ name, version: "0.0.0", private: true, type: "module", main: "index.js" }, null, 2)}\n`,
    "index.js": `// Written by toolgen import mcp: the handlers of the imported tools, each to write.\n// toolgen's MCP server calls them with (input, { client, signal }).\nexport function createRuntime() {\n  return {\n    handlers: {\n${handlers}    },\n  };\n}\n`,
  };
}
