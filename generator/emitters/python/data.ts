import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import type { JsonValue } from "../../model/types.js";
import { clientData } from "../client/data.js";
import { cliData } from "../cli/data.js";
import { functionCallingData } from "../function-calling/data.js";
import { langchainData } from "../langchain/data.js";
import { mcpData } from "../mcp/data.js";

/**
 * The Python package's spec.json: the data files of the TypeScript packages, in the same shapes
 * (runtime/python/toolgen_core/data.py types them), in one file, so that the two runtimes read
 * one description of each tool. Each schema is written once, under `client`. The environment
 * variables are the Python target's own.
 */
export function pythonData(model: Model): {
  readonly [key: string]: JsonValue;
} {
  const python = declared(model, "python");
  const mcpHttpToken = model.targets.mcp?.httpTokenEnv ?? null;
  const data = {
    client: clientData(model, python.env),
    mcp: mcpData(model, {
      name: python.serverName,
      version: python.version,
      bin: `python -m ${python.module}.mcp`,
      environment: { ...python.env },
      httpTokenEnv: mcpHttpToken,
    }),
    langchain: langchainData(model),
    cli: cliData(model, {
      package: python.package,
      bin: python.cli ?? `python -m ${python.module}.cli`,
      env: python.env,
    }),
    functionCalling: functionCallingData(model),
    patterns: {},
  };
  return data as unknown as { readonly [key: string]: JsonValue };
}
