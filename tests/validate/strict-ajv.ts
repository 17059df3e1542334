import { Ajv } from "ajv";
import { addFormats } from "./schema-arbitraries.js";

/** ajv as the generated runtime and input-schema.ts configure it, checking the meta-schema too. */
export function strictAjv(): Ajv {
  const ajv = new Ajv({
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    validateSchema: true,
  });
  addFormats(ajv);
  return ajv;
}
