import { camelCase, pascalCase } from "../model/names.js";
import type { JsonObject } from "../model/types.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { firstSeen, toolPath, type Check } from "./checked-spec.js";
import { HIDDEN } from "../diagnostics/hidden.js";
import { quoted } from "../diagnostics/quoted.js";
import { about } from "./subject.js";
import { isRecord } from "../../runtime/shared/record.js";

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
  "OutcomeUnknownError",
  "ConfigError",
  "UnknownWorkspaceError",
]);

/**
 * Section ids and tool names: each declared once, no two tools cased into one name of the
 * generated code, and none taking a name that code defines itself.
 */
export const checkNames: Check = ({ raw, sections, tools, names, inputs }) => {
  const problems: Problem[] = [];
  inputs.forEach((input, i) => {
    if (input !== undefined)
      controlsInNames(input, toolPath(i, "input"), (path, c) =>
        problems.push({
          path,
          key: true,
          message: `${about(raw, path)}an input name cannot hold a line break, a tab or another control character (U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}), which the CLI's help would print: rename it`,
          code: "control-character-in-name",
        }),
      );
  });
  firstSeen(
    sections.map((s) => s?.id),
    (i, first) =>
      problems.push({
        path: ["sections", i, "id"],
        message: `section ${quoted(sections[i]!.id)} is declared twice (first as section ${first + 1})`,
        code: "duplicate-section-id",
      }),
  );
  // The prompt docs write a file per section (sections/<id>.mcp.md): on macOS and Windows,
  // whose file names ignore case, ids differing only in case would be one file.
  firstSeen(
    sections.map((s) => s?.id.toLowerCase()),
    (i, first) => {
      const [a, b] = [sections[first]!.id, sections[i]!.id];
      if (a !== b)
        problems.push({
          path: ["sections", i, "id"],
          message: `section ${quoted(b)} and section ${quoted(a)} differ only in case: their prompt docs (sections/${b}.mcp.md) would be one file on macOS and Windows; rename one`,
          code: "section-id-case-collision",
        });
    },
  );
  // A tool whose structure is broken elsewhere still takes its name, when that is sound.
  firstSeen(names, (i, first) =>
    problems.push({
      path: toolPath(i, "name"),
      message: `tool ${quoted(names[i])} is declared twice (first as tool ${first + 1})`,
      code: "duplicate-tool-name",
    }),
  );
  const camelNames = names.map((name) => name && camelCase(name));
  firstSeen(
    camelNames.map((name) => name?.toLowerCase()),
    (i, first) => {
      const [a, b] = [names[first]!, names[i]!];
      if (a !== b)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool ${quoted(b)} and tool ${quoted(a)} both become ${quoted(camelNames[i])} in generated code: rename one`,
          code: "tool-name-collision",
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
        message: `tool name ${quoted(t.name)} clashes with a name the generated code defines`,
        code: "reserved-tool-name",
      });
    else if (t.http !== undefined) {
      const why = OBJECT_METHODS.get(camelNames[i]!);
      if (why !== undefined)
        problems.push({
          path: toolPath(i, "name"),
          message: `tool name ${quoted(t.name)} would be the client's method ${camelNames[i]}(), ${why}: rename it`,
          code: "reserved-tool-name",
        });
    }
  });
  return problems;
};

/**
 * The controls the hidden-character check lets through (it refuses ESC and the other controls
 * in any text): tab, line ends and the Unicode line separators.
 */
const LINE_CONTROLS = /[\t\n\r\u2028\u2029]/;

/** Calls `report` for each property name, at any depth of the schema's properties and items, holding a control that no other check refuses. */
function controlsInNames(
  schema: JsonObject,
  at: JsonPath,
  report: (path: JsonPath, c: string) => void,
): void {
  const { properties, items } = schema;
  if (isRecord(properties))
    for (const [name, sub] of Object.entries(properties)) {
      const path = [...at, "properties", name];
      const found = LINE_CONTROLS.exec(name);
      if (found !== null && !HIDDEN.test(name)) report(path, found[0]);
      if (isRecord(sub)) controlsInNames(sub, path, report);
    }
  if (isRecord(items)) controlsInNames(items, [...at, "items"], report);
}

/**
 * The client's methods are its HTTP tools' camelCase names; these names mean something else on
 * any object, so a tool taking one breaks the client wherever it is awaited, printed or logged
 * (String(client) calls its toString).
 */
const OBJECT_METHODS: ReadonlyMap<string, string> = new Map([
  // A client with a `then` method is a thenable: `await createClient(…)` would call it and never resolve.
  ["then", "which makes the client look like a promise"],
  ["toJSON", "which JSON.stringify would call in place of reading the client"],
  ...[
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "__proto__",
  ].map((name): [string, string] => [
    name,
    "which every JavaScript object already has and other code calls",
  ]),
]);
