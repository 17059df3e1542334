import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import type { JsonObject } from "../model/types.js";
import type { Problem } from "./problem.js";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

let ajv: Ajv | undefined;

/** The same ajv settings the generated runtime validates arguments with. */
function compiler(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ strict: true, allErrors: true, validateSchema: true });
    addFormats(ajv);
  }
  return ajv;
}

/** Problems in one tool's input schema; paths are relative to the schema. */
export function checkInputSchema(schema: JsonObject): Problem[] {
  const problems: Problem[] = [];
  walkObjects(schema, [], (node, path) => {
    const props = node.properties;
    const required = node.required;
    if (!Array.isArray(required)) return;
    const names = props !== null && typeof props === "object" && !Array.isArray(props) ? Object.keys(props) : [];
    required.forEach((name, i) => {
      if (typeof name === "string" && !names.includes(name))
        problems.push({ path: [...path, "required", i], message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}` });
    });
  });
  if (problems.length > 0) return problems;
  try {
    compiler().compile(schema);
  } catch (e) {
    const message = e instanceof Error ? e.message.split("\n", 1)[0]! : String(e);
    problems.push({ path: [], message: `the input schema is not valid JSON Schema: ${message}` });
  } finally {
    compiler().removeSchema();
  }
  return problems;
}

/** Visits every schema-like object, without recursion. */
function walkObjects(root: JsonObject, base: (string | number)[], visit: (node: Record<string, unknown>, path: (string | number)[]) => void): void {
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node: root, path: base }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node)) node.forEach((v, i) => stack.push({ node: v, path: [...path, i] }));
    else if (node !== null && typeof node === "object") {
      visit(node as Record<string, unknown>, path);
      for (const [k, v] of Object.entries(node)) if (typeof v === "object") stack.push({ node: v, path: [...path, k] });
    }
  }
}
