import { camelCase, pascalCase } from "../model/names.js";
import type { Problem } from "./problem.js";
import { firstSeen, toolPath, type Check } from "./checked-spec.js";

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
 * Section ids and tool names: each declared once, no two tools cased into one name of the
 * generated code, and none taking a name that code defines itself.
 */
export const checkNames: Check = ({ raw, tools }) => {
  const problems: Problem[] = [];
  firstSeen(
    raw.sections.map((s) => s.id),
    (i, first) =>
      problems.push({
        path: ["sections", i, "id"],
        message: `section '${raw.sections[i]!.id}' is declared twice (first as section ${first + 1})`,
      }),
  );
  firstSeen(
    tools.map((t) => t?.name),
    (i, first) =>
      problems.push({
        path: toolPath(i, "name"),
        message: `tool '${tools[i]!.name}' is declared twice (first as tool ${first + 1})`,
      }),
  );
  const camelNames = tools.map((t) => t && camelCase(t.name));
  firstSeen(
    camelNames.map((name) => name?.toLowerCase()),
    (i, first) => {
      const [a, b] = [tools[first]!, tools[i]!];
      if (a.name !== b.name)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool '${b.name}' and tool '${a.name}' both become '${camelNames[i]}' in generated code: rename one`,
        });
    },
  );
  tools.forEach((t, i) => {
    if (t === undefined) return;
    const pascalName = pascalCase(t.name);
    if (
      RESERVED_TYPE_NAMES.has(`${pascalName}Input`) ||
      RESERVED_TYPE_NAMES.has(pascalName)
    )
      problems.push({
        path: toolPath(i, "name"),
        message: `tool name '${t.name}' clashes with a name the generated code defines`,
      });
    // A client with a `then` method is a thenable: `await createClient(…)` would call it and never resolve.
    else if (t.http !== undefined && camelNames[i] === "then")
      problems.push({
        path: toolPath(i, "name"),
        message: `tool name '${t.name}' would be the client's method then(), which makes the client look like a promise: rename it`,
      });
  });
  return problems;
};
