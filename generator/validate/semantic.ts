import type { Model } from "../model/types.js";
import type { JsonPath } from "../read/parse.js";
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
export function checkSemantics(
  model: Model,
  raw: unknown,
  source?: string,
  toolNumber: (i: number) => number = (i) => i + 1,
): Problem[] {
  const problems: Problem[] = [];
  const toolPath = (i: number, ...rest: (string | number)[]): JsonPath => [
    "tools",
    i,
    ...rest,
  ];

  firstSeen(
    model.sections.map((s) => s.id),
    (i, first) =>
      problems.push({
        path: ["sections", i, "id"],
        message: `section '${model.sections[i]!.id}' is declared twice (first as section ${first + 1})`,
      }),
  );
  firstSeen(
    model.tools.map((t) => t.name),
    (i, first) =>
      problems.push({
        path: toolPath(i, "name"),
        message: `tool '${model.tools[i]!.name}' is declared twice (first as tool ${toolNumber(first)})`,
      }),
  );
  firstSeen(
    model.tools.map((t) => t.camelName.toLowerCase()),
    (i, first) => {
      const [a, b] = [model.tools[first]!, model.tools[i]!];
      if (a.name !== b.name)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool '${b.name}' and tool '${a.name}' both become '${b.camelName}' in generated code: rename one`,
        });
    },
  );
  model.tools.forEach((t, i) => {
    if (
      RESERVED_TYPE_NAMES.has(`${t.pascalName}Input`) ||
      RESERVED_TYPE_NAMES.has(t.pascalName)
    )
      problems.push({
        path: toolPath(i, "name"),
        message: `tool name '${t.name}' clashes with a name the generated code defines`,
      });
    // A client with a `then` method is a thenable: `await createClient(…)` would call it and never resolve.
    else if (t.http !== null && t.camelName === "then")
      problems.push({
        path: toolPath(i, "name"),
        message: `tool name '${t.name}' would be the client's method then(), which makes the client look like a promise: rename it`,
      });
  });
  problems.push(...targetClashes(model));

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
      const at = toolPath(i, "renamed_from", j);
      if (old === t.name)
        problems.push({
          path: at,
          message: `'${old}' is this tool's own name: a tool cannot be renamed from itself`,
        });
      else if (inUse.has(old))
        problems.push({
          path: at,
          message: `'${old}' was renamed to '${t.name}' but is still the name of tool ${toolNumber(inUse.get(old)!)}`,
        });
      else if (oldNames.has(old) && oldNames.get(old) !== t.name)
        problems.push({
          path: at,
          message: `'${old}' is already an old name of '${oldNames.get(old)}': one old name can lead to one tool only`,
        });
      if (!oldNames.has(old)) oldNames.set(old, t.name);
    }),
  );

  model.tools.forEach((t, i) => {
    for (const p of checkInputSchema(t.input))
      problems.push({ ...p, path: toolPath(i, "input", ...p.path) });
  });

  problems.push(...hiddenTextProblems(raw, source));
  if (oldNames.size > 0) problems.push(...oldNamesInDocs(raw, oldNames));
  return problems;
}

/**
 * The generated packages are installed side by side: two with one name, two bins with one name,
 * or two settings read from one environment variable cannot all work.
 */
function targetClashes(model: Model): Problem[] {
  const problems: Problem[] = [];
  const { client, mcp, langchain, cli, docs } = model.targets;
  const each = (entries: readonly [JsonPath, string][], what: string) =>
    firstSeen(
      entries.map(([, v]) => v),
      (i, first) =>
        problems.push({
          path: entries[i]![0],
          message: `${what} '${entries[i]![1]}' is already ${entries[first]![0].join(".")}: each needs its own`,
        }),
    );
  each(
    [
      [["targets", "client", "package"], client.package],
      [["targets", "mcp", "package"], mcp.package],
      [["targets", "langchain", "package"], langchain.package],
      [["targets", "cli", "package"], cli.package],
      [["targets", "docs", "package"], docs.package],
    ],
    "package name",
  );
  each(
    [
      [["targets", "mcp", "bin"], mcp.bin],
      [["targets", "cli", "bin"], cli.bin],
    ],
    "bin",
  );
  each(
    [
      [["targets", "client", "env", "base_url"], client.env.baseUrl],
      [["targets", "client", "env", "workspace_id"], client.env.workspaceId],
      [["targets", "client", "env", "token"], client.env.token],
      [["targets", "client", "env", "workspaces"], client.env.workspaces],
    ],
    "environment variable",
  );
  return problems;
}

/** Calls `report(i, first)` for each value equal to an earlier one; undefined values are skipped. */
function firstSeen(
  values: readonly (string | undefined)[],
  report: (i: number, first: number) => void,
): void {
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    if (v === undefined) return;
    const first = seen.get(v);
    if (first === undefined) seen.set(v, i);
    else report(i, first);
  });
}
