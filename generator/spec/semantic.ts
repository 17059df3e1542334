import type { Model } from "../model/types.js";
import type { JsonPath } from "./parse.js";
import type { Problem } from "./problem.js";
import { checkInputSchema } from "./input-schema.js";
import { kebabCase } from "../model/names.js";
import { HIDDEN } from "./hidden.js";

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


/** Checks that need the whole spec: duplicates, collisions, renames, schemas and hidden text. */
export function checkSemantics(model: Model, raw: unknown): Problem[] {
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
    for (const at of protoProperties(t.input))
      problems.push({
        path: toolPath(i, "input", ...at),
        key: true,
        message: "'__proto__' cannot be an input name: JavaScript clients, the MCP SDK's among them, drop it or take it for the object's prototype",
      });
  });

  const docWords = oldNames.size > 0;
  visitStrings(raw, (at, text, key) => {
    if (HIDDEN.test(text)) {
      const c = text.match(HIDDEN)![0]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      problems.push({ path: [...at], key, message: `text contains the invisible character U+${c}, which hides text from reviewers but not from the model` });
    }
    if (docWords && !key && isDocText(at)) {
      // Old names are identifiers, so a whole-word use is a whole run of [A-Za-z0-9_-]: one scan
      // of the text finds them all (a RegExp per old name and text cost seconds at 1,000 tools).
      const words = new Set(text.match(/[A-Za-z0-9_-]+/g));
      for (const [old, now] of oldNames) {
        if (words.has(old))
          problems.push({ path: [...at], message: `'${old}' is an old name of '${now}' and must not appear in the prompt docs` });
      }
    }
  });
  return problems;
}

/** Paths of every property named `__proto__`, at any depth of an input schema; iterative. */
function protoProperties(schema: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: schema, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    const props = Array.isArray(value) ? undefined : (value as Record<string, unknown>).properties;
    if (props !== null && typeof props === "object" && Object.hasOwn(props, "__proto__")) found.push([...path, "properties", "__proto__"]);
    for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...path, Array.isArray(value) ? Number(k) : k] });
  }
  return found;
}

/** Texts that end up in the prompt docs a model reads. */
function isDocText(path: JsonPath): boolean {
  const [top, , key, sub] = path;
  if (top === "tools") return key === "short" || key === "when_to_use" || (key === "cli" && (sub === "usage" || sub === "summary"));
  if (top === "sections") return key === "heading" || key === "label" || key === "footer" || key === "cli";
  return top === "targets" && path[1] === "docs" && path[2] === "preamble";
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

/**
 * Calls `visit` on every string of the spec, keys included, in document order. `at` is the
 * string's path, shared and changed as the walk goes on: copy it to keep it. Iterative, so deep
 * input cannot overflow the stack; no path is built for a string that has nothing to report.
 */
function visitStrings(root: unknown, visit: (at: readonly (string | number)[], text: string, key: true | undefined) => void): void {
  const at: (string | number)[] = [];
  // Each frame: the container, its keys (null for an array), the next index, its length.
  const frames: { value: unknown; keys: string[] | null; next: number; length: number }[] = [];
  const enter = (value: unknown): void => {
    if (typeof value === "string") visit(at, value, undefined);
    else if (Array.isArray(value)) frames.push({ value, keys: null, next: 0, length: value.length });
    else if (value !== null && typeof value === "object") {
      const keys = Object.keys(value);
      frames.push({ value, keys, next: 0, length: keys.length });
    }
  };
  enter(root);
  const base = frames.length;
  if (base === 0) return;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next === frame.length) {
      frames.pop();
      if (frames.length > 0) at.pop();
      continue;
    }
    const i = frame.next++;
    if (frame.keys === null) {
      at.push(i);
      enterChild((frame.value as unknown[])[i]);
    } else {
      const k = frame.keys[i]!;
      at.push(k);
      visit(at, k, true);
      enterChild((frame.value as Record<string, unknown>)[k]);
    }
  }

  /** Visits a child whose step is already on `at`; takes the step off again unless the child is a container. */
  function enterChild(value: unknown): void {
    const depth = frames.length;
    enter(value);
    if (frames.length === depth) at.pop();
  }
}
