import { docsPromptNames } from "../model/catalog.js";
import type { RawPrompt, RawSpec } from "../model/raw.js";
import { asRecord } from "../../runtime/shared/record.js";
import { quoted, type FoundChange } from "./changes.js";
import type { ToolSurface } from "./load.js";

/**
 * The prompts, resources and resource templates from each side's spec as written: one gone is
 * breaking (a client naming it gets an error), one added compatible, and a prompt argument
 * newly required breaking. Each is reported as `prompts.<name>`, `resources.<uri>` or
 * `resource_templates.<uri template>`, the subject an acknowledgement names. The prompts the
 * MCP server makes of the prompt docs (`prompt`, `prompt.<section id>`) count as prompts too,
 * reported at `sections`: renaming a section or dropping the docs target takes one away.
 */
export function compareCatalog(
  base: ToolSurface,
  current: ToolSurface,
  push: (change: FoundChange) => void,
): void {
  const before = catalogOf(base);
  const after = catalogOf(current);
  const kinds = [
    ["prompts", "prompt", (p: RawPrompt) => p.name],
    ["resources", "resource", (r: { uri: string }) => r.uri],
    [
      "resource_templates",
      "resource template",
      (t: { uri_template: string }) => t.uri_template,
    ],
  ] as const;
  for (const [key, what, idOf] of kinds) {
    const id = idOf as (item: unknown) => string;
    const was = new Map(before[key].map((item) => [id(item), item]));
    const now = after[key].map(id);
    for (const [name] of was)
      if (!now.includes(name))
        push({
          change: key === "prompts" ? "prompt-removed" : "resource-removed",
          tool: `${key}.${name}`,
          message: `${what} ${quoted(name)} is gone: clients naming it get an error`,
          path: [key],
          key: true,
        });
    now.forEach((name, i) => {
      const old = was.get(name);
      if (old === undefined)
        push({
          change: key === "prompts" ? "prompt-added" : "resource-added",
          tool: `${key}.${name}`,
          message: `${what} ${quoted(name)} is new`,
          path: [key, i],
        });
      else if (key === "prompts")
        comparePrompt(old as RawPrompt, after.prompts[i]!, i, push);
    });
  }
  const docsNow = docsPrompts(current);
  const docsWas = docsPrompts(base);
  for (const name of docsWas)
    if (!docsNow.includes(name))
      push({
        change: "prompt-removed",
        tool: `prompts.${name}`,
        message: `prompt ${quoted(name)} of the prompt docs is gone: clients naming it get an error`,
        path: ["sections"],
        key: true,
      });
  for (const name of docsNow)
    if (!docsWas.includes(name))
      push({
        change: "prompt-added",
        tool: `prompts.${name}`,
        message: `prompt ${quoted(name)} of the prompt docs is new`,
        path: ["sections"],
        key: true,
      });
}

/** The prompts the MCP server serves from the prompt docs: only with both the mcp and docs targets. */
function docsPrompts(side: ToolSurface): string[] {
  const spec = asRecord(side.spec.value);
  const targets = asRecord(spec.targets);
  if (targets.mcp === undefined || targets.docs === undefined) return [];
  const ids = (Array.isArray(spec.sections) ? spec.sections : [])
    .map((s) => asRecord(s).id)
    .filter((id): id is string => typeof id === "string");
  return docsPromptNames(ids);
}

function comparePrompt(
  before: RawPrompt,
  after: RawPrompt,
  index: number,
  push: (change: FoundChange) => void,
): void {
  const required = new Set(
    (before.arguments ?? []).filter((a) => a.required).map((a) => a.name),
  );
  (after.arguments ?? []).forEach((a, j) => {
    if (a.required === true && !required.has(a.name))
      push({
        change: "prompt-argument-required",
        tool: `prompts.${after.name}`,
        message: `prompt ${quoted(after.name)}: the argument ${quoted(a.name)} is now required: clients that leave it out are refused`,
        path: ["prompts", index, "arguments", j, "name"],
      });
  });
}

type Catalog = Required<
  Pick<RawSpec, "prompts" | "resources" | "resource_templates">
>;

function catalogOf(side: ToolSurface): Catalog {
  const spec = asRecord(side.spec.value);
  const list = <T>(value: unknown): T[] =>
    Array.isArray(value) ? (value as T[]) : [];
  return {
    prompts: list(spec.prompts),
    resources: list(spec.resources),
    resource_templates: list(spec.resource_templates),
  };
}
