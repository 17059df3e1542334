/**
 * The one JSON type a command-line value is read as: its first type other than null, "enum" for
 * an untyped enum, "string" when none is given (null, as the last resort, reads as a string).
 * The generator imports this function too, to decide which inputs are boolean flags (their
 * `--no-` form, the prompt docs' command line): the two can never disagree.
 */
export function mainType(schema: unknown): string {
  if (schema === null || typeof schema !== "object") return "string";
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown };
  if (Array.isArray(values) && values.length > 0 && type === undefined)
    return "enum";
  const types =
    typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  return (types.find((t) => t !== "null") as string | undefined) ?? "string";
}
