import { docsPromptNames } from "../model/catalog.js";
import type { RawSpec } from "../model/raw.js";
import type { JsonPath } from "../read/parse.js";
import { quoted } from "../diagnostics/quoted.js";
import { placeholders } from "../../runtime/mcp/prompt-template.js";
import { parseUriTemplate } from "../../runtime/mcp/uri-template.js";
import { firstSeen, listHint, type Check } from "./checked-spec.js";
import type { Problem } from "./problem.js";

/** What else answers a part, by where it is declared. */
const HOW: Readonly<Record<string, string>> = {
  prompts: ", or give it a template",
  resources: ", or give its text",
};

type Item<K extends "prompts" | "resources" | "resource_templates"> =
  NonNullable<RawSpec[K]>[number];

/**
 * The prompts, resources and resource templates: each prompt answered one way, names and uris
 * each once (a prompt not named as one of the docs' prompts), every placeholder an argument,
 * every uri template of RFC 6570 level 1 or 2 and its parameters its variables, and whatever
 * the runtime answers only with a runtime package to answer it. A part whose structure is
 * broken is skipped.
 */
export const checkCatalog: Check = ({
  raw,
  targets,
  declared,
  sectionIds,
  soundAt,
}) => {
  const problems: Problem[] = [];
  const sound = <K extends "prompts" | "resources" | "resource_templates">(
    key: K,
  ): (Item<K> | undefined)[] =>
    (Array.isArray(raw[key]) ? (raw[key] as Item<K>[]) : []).map((item, i) =>
      soundAt([key, i]) ? item : undefined,
    );
  const prompts = sound("prompts");
  const resources = sound("resources");
  const templates = sound("resource_templates");
  // Only the TypeScript MCP server serves them: without it they would be dropped unsaid.
  if (!declared.has("mcp"))
    for (const key of ["prompts", "resources", "resource_templates"] as const)
      if (Array.isArray(raw[key]) && raw[key].length > 0)
        problems.push({
          path: [key],
          key: true,
          severity: "warning",
          message: `${key.replace("_", " ")} are served by the MCP server, and targets.mcp is not declared: nothing serves these${declared.has("python") ? " (the Python package's server does not serve prompts or resources yet)" : ""}`,
          code: "unserved-catalog",
        });
  // Without a runtime package (or with its setting broken), nothing can answer a runtime part.
  const runtime =
    targets.mcp?.runtime !== undefined ||
    (declared.has("mcp") && targets.mcp === undefined);
  // Without the mcp target nothing serves them (said once above), so nothing needs a runtime.
  const needsRuntime = (path: JsonPath, what: string) => {
    if (declared.has("mcp"))
      problems.push({
        path,
        key: true,
        message: `${what} is answered by the runtime, and targets.mcp declares no runtime package: set targets.mcp.runtime${HOW[path[0] as string] ?? ""}`,
        code: "needs-runtime",
      });
  };

  const docsNames = new Set(
    declared.has("docs") && sectionIds !== null
      ? docsPromptNames([...sectionIds])
      : [],
  );
  prompts.forEach((p, i) => {
    if (p === undefined) return;
    const what = `prompt ${quoted(p.name)}`;
    if (docsNames.has(p.name))
      problems.push({
        path: ["prompts", i, "name"],
        message: `${what} is the name of one of the docs target's prompts: choose another`,
        code: "duplicate-prompt",
      });
    if ((p.template === undefined) === (p.runtime === undefined))
      problems.push({
        path: ["prompts", i, p.template === undefined ? "name" : "runtime"],
        key: p.template !== undefined,
        message:
          p.template === undefined
            ? `${what} needs a template, or 'runtime: true' for the runtime to answer it`
            : `${what} has both a template and 'runtime: true': keep one`,
        code: "prompt-source",
      });
    else if (p.runtime === true && !runtime)
      needsRuntime(["prompts", i, "runtime"], what);
    const args = p.arguments ?? [];
    firstSeen(
      args.map((a) => a.name),
      (j) =>
        problems.push({
          path: ["prompts", i, "arguments", j, "name"],
          message: `${what} names the argument ${quoted(args[j]!.name)} twice`,
          code: "duplicate-argument",
        }),
    );
    const names = [...new Set(args.map((a) => a.name))];
    if (p.template !== undefined)
      for (const { name } of placeholders(p.template))
        if (!names.includes(name))
          problems.push({
            path: ["prompts", i, "template"],
            token: `{{${name}}}`,
            message: `${what}: the placeholder {{${name}}} names no argument of the prompt${listHint(names)}`,
            code: "unknown-placeholder",
          });
  });
  firstSeen(
    prompts.map((p) => p?.name),
    (i) =>
      problems.push({
        path: ["prompts", i, "name"],
        message: `two prompts are named ${quoted(prompts[i]!.name)}`,
        code: "duplicate-prompt",
      }),
  );

  resources.forEach((r, i) => {
    if (r !== undefined && r.text === undefined && !runtime)
      needsRuntime(["resources", i, "uri"], `resource ${quoted(r.uri)}`);
  });
  firstSeen(
    resources.map((r) => r?.uri),
    (i) =>
      problems.push({
        path: ["resources", i, "uri"],
        message: `two resources have the uri ${quoted(resources[i]!.uri)}`,
        code: "duplicate-resource",
      }),
  );

  // Each template's shape with its variables unnamed: two alike would match the same uris.
  const shapes = templates.map((t, i) => {
    if (t === undefined) return undefined;
    const what = `resource template ${quoted(t.uri_template)}`;
    if (!runtime) needsRuntime(["resource_templates", i, "uri_template"], what);
    const parsed = parseUriTemplate(t.uri_template);
    if (!("parts" in parsed)) {
      problems.push({
        path: ["resource_templates", i, "uri_template"],
        token: badPart(t.uri_template, parsed.offset),
        message: `${what} does not parse: ${parsed.problem}`,
        code: "bad-uri-template",
      });
      return undefined;
    }
    const params = t.parameters ?? [];
    params.forEach((p, j) => {
      if (!parsed.variables.includes(p.name))
        problems.push({
          path: ["resource_templates", i, "parameters", j, "name"],
          message: `${what} has no variable ${quoted(p.name)}${listHint(parsed.variables)}`,
          code: "unknown-parameter",
        });
    });
    firstSeen(
      params.map((p) => p.name),
      (j) =>
        problems.push({
          path: ["resource_templates", i, "parameters", j, "name"],
          message: `${what} names the parameter ${quoted(params[j]!.name)} twice`,
          code: "duplicate-argument",
        }),
    );
    return parsed.parts
      .map((part) => ("literal" in part ? part.literal : `{${part.operator}}`))
      .join("");
  });
  firstSeen(shapes, (i, first) =>
    problems.push({
      path: ["resource_templates", i, "uri_template"],
      message: `resource templates ${quoted(templates[first]!.uri_template)} and ${quoted(templates[i]!.uri_template)} match the same uris`,
      code: "duplicate-resource",
    }),
  );
  const named: [JsonPath, string | undefined][] = [
    ...resources.map((r, i): [JsonPath, string | undefined] => [
      ["resources", i, "name"],
      r?.name,
    ]),
    ...templates.map((t, i): [JsonPath, string | undefined] => [
      ["resource_templates", i, "name"],
      t?.name,
    ]),
  ];
  firstSeen(
    named.map(([, name]) => name),
    (i) =>
      problems.push({
        path: named[i]![0],
        message: `two resources or resource templates are named ${quoted(named[i]![1]!)}`,
        code: "duplicate-resource",
      }),
  );
  return problems;
};

/** The part of a template a problem at `offset` lies in: its expression, or its one character. */
function badPart(template: string, offset: number): string {
  if (template[offset] !== "{") return template.slice(offset, offset + 1);
  const close = template.indexOf("}", offset);
  return template.slice(offset, close === -1 ? undefined : close + 1);
}
