import type { JsonObject } from "../model/types.js";
import type { Check } from "./checked-spec.js";
import { checkInputSchema } from "./input-schema.js";
import type { Problem } from "./problem.js";
import { about } from "./subject.js";
import { MODEL_KEY } from "../model/annotations.js";
import { closest } from "../../runtime/shared/distance.js";

/**
 * What a tool says about itself to MCP clients besides its input: its `output` schema, checked
 * exactly as an input schema is (toolgen validates results against it, as it does arguments),
 * and its `annotations`, which must not contradict each other. tools.schema.json has already
 * held `title` to one line, `output` to `type: object` (MCP's outputSchema is an object schema
 * and its structuredContent an object) and each annotation to a boolean.
 */
export const checkToolMeta: Check = (spec) => [
  ...outputSchemaProblems(spec),
  ...annotationProblems(spec),
  ...otherAnnotationProblems(spec),
  ...mcpListingProblems(spec),
];

const outputSchemaProblems: Check = ({ raw, tools, soundAt, compiled }) =>
  tools.flatMap((tool, i) => {
    const output: unknown = tool?.output;
    if (output === undefined || !soundAt(["tools", i, "output"])) return [];
    return checkInputSchema(output as JsonObject, "output", compiled).map(
      (p) => {
        const path = ["tools", i, "output", ...p.path];
        return { ...p, path, message: `${about(raw, path)}${p.message}` };
      },
    );
  });

/** read_only and destructive both true: MCP reads destructive only for a tool that writes. */
const annotationProblems: Check = ({ raw, tools }) =>
  tools.flatMap((tool, i): Problem[] => {
    const given = tool?.annotations;
    if (given?.read_only !== true || given.destructive !== true) return [];
    const path = ["tools", i, "annotations", "destructive"];
    return [
      {
        path,
        message: `${about(raw, path)}'annotations.destructive' cannot be true for a tool whose annotations say read_only: true (a read-only tool changes nothing)`,
        code: "contradictory-annotations",
      },
    ];
  });

/** The schemes an icon's src may have: MCP 2025-11-25 names HTTP(S) URLs and data: URIs. */
const ICON_SCHEMES = /^(?:https?|data):/i;

/**
 * What the `mcp:` block passes through to tools/list: task support other than forbidden (the
 * servers do not serve MCP tasks), and an icon whose src is no URI a client may load.
 */
const mcpListingProblems: Check = ({ raw, tools }) =>
  tools.flatMap((tool, i): Problem[] => {
    const mcp = tool?.mcp;
    if (mcp === undefined) return [];
    const problems: Problem[] = [];
    const support = mcp.execution?.task_support;
    if (support !== undefined && support !== "forbidden") {
      const path = ["tools", i, "mcp", "execution", "task_support"];
      problems.push({
        path,
        code: "task-support-unsupported",
        message: `${about(raw, path)}task_support '${support}' needs a server that runs MCP tasks, which toolgen's servers do not yet: declare 'forbidden' or leave execution out`,
      });
    }
    (mcp.icons ?? []).forEach((icon, k) => {
      if (ICON_SCHEMES.test(icon.src)) return;
      const path = ["tools", i, "mcp", "icons", k, "src"];
      problems.push({
        path,
        code: "icon-src-scheme",
        message: `${about(raw, path)}an icon's src must be an https:, http: or data: URI`,
      });
    });
    return problems;
  });

/** The MCP names of the hints, and the model's, which a spec writes in snake_case. */
const HINT_SPELLINGS: Record<string, string> = {
  readOnlyHint: "read_only",
  destructiveHint: "destructive",
  idempotentHint: "idempotent",
  openWorldHint: "open_world",
  readOnly: "read_only",
  openWorld: "open_world",
};

/**
 * Another annotation is sent as written, so a hint written under MCP's own name, or a near miss
 * of a known key, is refused rather than sent beside the hint it meant.
 */
const otherAnnotationProblems: Check = ({ raw, tools }) =>
  tools.flatMap((tool, i): Problem[] =>
    Object.keys(tool?.annotations ?? {}).flatMap((key): Problem[] => {
      if (Object.hasOwn(MODEL_KEY, key)) return [];
      const meant = Object.hasOwn(HINT_SPELLINGS, key)
        ? HINT_SPELLINGS[key]
        : closest(key, Object.keys(MODEL_KEY));
      if (meant === undefined) return [];
      const path = ["tools", i, "annotations", key];
      return [
        {
          path,
          code: "annotation-misspelt",
          message: `${about(raw, path)}'${key}' would be sent as an annotation of its own, under that name: did you mean '${meant}'?`,
        },
      ];
    }),
  );
