/**
 * The one JSON type a command-line value is read as: its one type other than null, "union" when
 * it has several (integer beside number counts as number; unionTypes lists them), "enum" for an
 * untyped enum, "string" when none is given (null, as the last resort, reads as a string).
 * The generator imports this function too, to decide which inputs are boolean flags (their
 * `--no-` form, the prompt docs' command line): the two can never disagree.
 */
export function mainType(schema: unknown): string {
  if (schema === null || typeof schema !== "object") return "string";
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown };
  if (Array.isArray(values) && values.length > 0 && type === undefined)
    return "enum";
  const types = unionTypes(schema);
  if (types.length > 1) return "union";
  return types[0] ?? "string";
}

/**
 * The types other than null a schema's `type` lists, in its order, each once; integer is left
 * out beside number, which holds it.
 */
export function unionTypes(schema: unknown): string[] {
  if (schema === null || typeof schema !== "object") return [];
  const { type } = schema as { type?: unknown };
  const listed =
    typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  const types = [
    ...new Set(
      listed.filter((t): t is string => typeof t === "string" && t !== "null"),
    ),
  ];
  return types.includes("number")
    ? types.filter((t) => t !== "integer")
    : types;
}
