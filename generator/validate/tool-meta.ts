import type { JsonObject } from "../model/types.js";
import type { Check } from "./checked-spec.js";
import { checkInputSchema } from "./input-schema.js";
import type { Problem } from "./problem.js";
import { about } from "./subject.js";

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
];

const outputSchemaProblems: Check = ({ raw, tools, soundAt }) =>
  tools.flatMap((tool, i) => {
    const output: unknown = tool?.output;
    if (output === undefined || !soundAt(["tools", i, "output"])) return [];
    return checkInputSchema(output as JsonObject, "output").map((p) => {
      const path = ["tools", i, "output", ...p.path];
      return { ...p, path, message: `${about(raw, path)}${p.message}` };
    });
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
