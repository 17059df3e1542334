import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import type { JsonValue } from "../../model/types.js";
import { clientData } from "../client/data.js";
import { cliData } from "../cli/data.js";
import { functionCallingData } from "../function-calling/data.js";
import { langchainData } from "../langchain/data.js";
import { mcpData } from "../mcp/data.js";
import { schemaPatterns } from "../../model/schema-patterns.js";
import { pythonPattern } from "../../validate/python-pattern.js";

/** Each pattern of the input and output schemas → its Python translation, sorted by pattern (validation refused any it has none for). */
function patterns(model: Model): Record<string, string> {
  const all = new Set(
    model.tools.flatMap((t) =>
      [t.input, t.output].flatMap((s) =>
        s === null ? [] : schemaPatterns(s).map((p) => p.pattern),
      ),
    ),
  );
  const out: Record<string, string> = {};
  for (const pattern of [...all].sort()) {
    const translated = pythonPattern(pattern);
    if (translated.ok) out[pattern] = translated.python;
  }
  return out;
}

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
    patterns: patterns(model),
  };
  return data as unknown as { readonly [key: string]: JsonValue };
}
