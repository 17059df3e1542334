import { isRecord } from "../shared/record.js";
/** The input as every target passes it on: the schema's top-level defaults filled in. */
export type DefaultsFiller = (name: string, input: unknown) => unknown;

/**
 * Fills the top-level defaults a tool's schema declares, for each property the input leaves
 * out, so that the platform or a local handler gets what the model was told it would, through
 * MCP, LangChain, the CLI and the client alike. A new object: the caller's is left as it was,
 * and a default is copied, so that no call can change the schema's.
 */
export function fillDefaults(
  schema: { readonly [key: string]: unknown },
  input: unknown,
): unknown {
  const properties = schema.properties;
  if (!isRecord(input) || !isRecord(properties)) return input;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(properties)) {
    const property = properties[key];
    // Own properties only: an input named constructor or toString is not given by Object.prototype.
    if (
      (Object.hasOwn(input, key) && input[key] !== undefined) ||
      !isRecord(property) ||
      property.default === undefined
    )
      continue;
    out ??= { ...input };
    // Defined, not assigned: a key like __proto__ is a field to send, not the object's prototype.
    Object.defineProperty(out, key, {
      value: structuredClone(property.default),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out ?? input;
}

/** fillDefaults over a set of tools' schemas, by tool name; an unknown name's input is left as it is. */
export function createDefaultsFiller(
  schemas: ReadonlyMap<string, { readonly [key: string]: unknown }>,
): DefaultsFiller {
  return (name, input) => {
    const schema = schemas.get(name);
    return schema === undefined ? input : fillDefaults(schema, input);
  };
}
