import type { Model } from "../model/types.js";
import type { JsonPath } from "./parse.js";
import type { Problem } from "./problem.js";
import { checkInputSchema } from "./input-schema.js";
import { kebabCase } from "../model/names.js";
import { hiddenTextProblems, oldNamesInDocs } from "./semantic-text.js";

/** Names the generated packages define themselves; a tool may not take them. */
const RESERVED_TYPE_NAMES = new Set([
  "ToolName",
  "ToolInputs",
  "HttpToolName",
  "LocalToolName",
  "LocalHandlers",
  "PlatformClient",
  "HandlerContext",
  "ClientError",
  "PlatformError",
  "TimeoutError",
  "NetworkError",
  "ConfigError",
  "UnknownWorkspaceError",
]);


/**
 * Checks that need the whole spec: duplicates, collisions, renames, schemas and hidden text.
 * `source`, the text `raw` was read from, lets the search for hidden characters skip a text that holds none.
 */
export function checkSemantics(model: Model, raw: unknown, source?: string): Problem[] {
  const problems: Problem[] = [];
  const toolPath = (i: number, ...rest: (string | number)[]): JsonPath => ["tools", i, ...rest];

  firstSeen(model.sections.map((s) => s.id), (i, first) =>
    problems.push({ path: ["sections", i, "id"], message: `section '${model.sections[i]!.id}' is declared twice (first as section ${first + 1})` }),
  );
  firstSeen(model.tools.map((t) => t.name), (i, first) =>
    problems.push({ path: toolPath(i, "name"), message: `tool '${model.tools[i]!.name}' is declared twice (first as tool ${first + 1})` }),
  );
  firstSeen(model.tools.map((t) => t.camelName.toLowerCase()), (i, first) => {
    const [a, b] = [model.tools[first]!, model.tools[i]!];
    if (a.name !== b.name)
      problems.push({
        path: toolPath(i, "name"),
        message: `tool '${b.name}' and tool '${a.name}' both become '${b.camelName}' in generated code: rename one`,
      });
  });
  model.tools.forEach((t, i) => {
    if (RESERVED_TYPE_NAMES.has(`${t.pascalName}Input`) || RESERVED_TYPE_NAMES.has(t.pascalName))
      problems.push({ path: toolPath(i, "name"), message: `tool name '${t.name}' clashes with a name the generated code defines` });
  });

  model.tools.forEach((t, i) => {
    if (!t.cli) return;
    // Each input becomes a --kebab-case option of the command: two inputs must not share one.
    firstSeen(t.inputNames.map(kebabCase), (j, first) =>
      problems.push({
        path: toolPath(i, "input", "properties", t.inputNames[j]!),
        key: true,
        message: `inputs '${t.inputNames[j]}' and '${t.inputNames[first]}' both become the CLI option --${kebabCase(t.inputNames[j]!)}: rename one`,
      }),
    );
  });

  const usages = model.tools.map((t) => (t.cli ? t.cli.keyword : undefined));
  firstSeen(usages, (i, first) =>
    problems.push({
      path: toolPath(i, "cli", "usage"),
      message: `CLI command '${usages[i]}' is already the usage of tool '${model.tools[first]!.name}'`,
    }),
  );

  const inUse = new Map(model.tools.map((t, i) => [t.name, i]));
  const oldNames = new Map<string, string>();
  model.tools.forEach((t, i) =>
    t.renamedFrom.forEach((old, j) => {
      oldNames.set(old, t.name);
      if (inUse.has(old))
        problems.push({
          path: toolPath(i, "renamed_from", j),
          message: `'${old}' was renamed to '${t.name}' but is still the name of tool ${inUse.get(old)! + 1}`,
        });
    }),
  );

  model.tools.forEach((t, i) => {
    for (const p of checkInputSchema(t.input)) problems.push({ ...p, path: toolPath(i, "input", ...p.path) });
  });

  problems.push(...hiddenTextProblems(raw, source));
  if (oldNames.size > 0) problems.push(...oldNamesInDocs(raw, oldNames));
  return problems;
}

/** Calls `report(i, first)` for each value equal to an earlier one; undefined values are skipped. */
function firstSeen(values: readonly (string | undefined)[], report: (i: number, first: number) => void): void {
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    if (v === undefined) return;
    const first = seen.get(v);
    if (first === undefined) seen.set(v, i);
    else report(i, first);
  });
}
