import { isRecord } from "../shared/record.js";

/**
 * The JSON Schema dialect a schema declares with `$schema`: draft 2020-12 (MCP's default
 * dialect) or 2019-09, each validated by ajv's class for it; anything else (none, draft-07,
 * draft-06) by ajv's default class, which also refuses a `$schema` it does not know. toolgen
 * checks schemas with the same choice (generator/validate/schema-ajv.ts).
 */
export type Dialect = "2020-12" | "2019-09" | "default";

export function dialectOf(schema: unknown): Dialect {
  const declared = isRecord(schema) ? schema.$schema : undefined;
  if (typeof declared !== "string") return "default";
  const uri = declared.replace(/#$/, "");
  if (uri === "https://json-schema.org/draft/2020-12/schema") return "2020-12";
  if (uri === "https://json-schema.org/draft/2019-09/schema") return "2019-09";
  return "default";
}
