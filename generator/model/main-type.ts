/**
 * The type the CLI reads an input's value as: its first type other than null, "enum" for an
 * untyped enum, "string" when none is given. The same rule as runtime/cli/convert.ts's mainType,
 * which reads the arguments at run time.
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
