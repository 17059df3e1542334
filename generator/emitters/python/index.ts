import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { hashHeader, markdownHeader } from "../../render/header.js";
import { everyText } from "../../prompt-docs/render.js";
import { printJsonWithHeader } from "../../render/json.js";
import type { EmitContext, Emitter, GeneratedFile } from "../types.js";
import { pythonData } from "./data.js";
import { clientPy } from "./client.js";
import { initPy, promptsPy, readme, toolsPy } from "./modules.js";
import { cliPy, functionCallingPy, langchainPy, mcpPy } from "./surfaces.js";
import { pyproject } from "./pyproject.js";

/**
 * The Python package (generated/python): one distribution of every surface. toolgen's Python
 * runtime (runtime/python/toolgen_core) is copied as it is into `<module>/_core`; the spec gives
 * spec.json and the typed modules over the runtime.
 */
export const emitPython: Emitter = (model, ctx) => {
  const src = `python/src/${declared(model, "python").module.replaceAll(".", "/")}`;
  return [
    { path: "python/pyproject.toml", content: pyproject(model) },
    { path: "python/README.md", content: readme(model) },
    { path: `${src}/__init__.py`, content: initPy(model) },
    // PEP 561's marker: the package carries its types. Its only meaningful word would be "partial".
    { path: `${src}/py.typed`, content: hashHeader },
    {
      path: `${src}/spec.json`,
      content: printJsonWithHeader(pythonData(model)),
    },
    { path: `${src}/tools.py`, content: toolsPy(model) },
    { path: `${src}/prompts.py`, content: promptsPy(model, ctx.docs!) },
    // The texts as files of prompts/, those of the docs package at the same paths, byte for byte.
    ...everyText(ctx.docs!).map((r) => ({
      path: `${src}/prompts/${r.path}`,
      content: markdownHeader + r.text,
    })),
    ...client(src, model),
    { path: `${src}/mcp.py`, content: mcpPy(model) },
    { path: `${src}/langchain.py`, content: langchainPy(model) },
    { path: `${src}/function_calling.py`, content: functionCallingPy() },
    { path: `${src}/cli.py`, content: cliPy(model) },
    ...core(src, ctx),
  ];
};

function client(src: string, model: Model): GeneratedFile[] {
  const { client, inputs } = clientPy(model);
  return [
    { path: `${src}/client.py`, content: client },
    { path: `${src}/inputs.py`, content: inputs },
  ];
}

function core(src: string, ctx: EmitContext): GeneratedFile[] {
  return ctx.runtimeKind("python").map((f) => ({
    path: `${src}/_core/${f.path}`,
    content: f.content,
  }));
}
