/**
 * Tool names from operations: toolgen's rule is a letter, then letters, digits, `_` and `-`, at
 * most 64 characters; agents expect snake_case. So an operationId is cut into words (camelCase
 * humps, and anything not a letter or digit), lowercased and joined with `_`
 * (`repos/get-content` → `repos_get_content`, `listPets` → `list_pets`); an operation without one
 * is named from its method and path (`get /pets/{petId}` → `get_pets_pet_id`). A name that starts
 * with a digit gets `op_` in front; a long one is cut at 64. Two operations that come to the same
 * name: the later gets `_2`, `_3`… and the import reports it.
 */
export function snakeName(text: string): string {
  const words =
    text
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  const name = words.join("_");
  const lettered = /^[a-z]/.test(name) ? name : `op_${name}`;
  return lettered.slice(0, 64).replace(/_+$/, "");
}

/** The name of an operation before collisions are resolved. */
export function operationName(
  operationId: string | undefined,
  method: string,
  path: string,
): string {
  return snakeName(
    operationId !== undefined && /[A-Za-z0-9]/.test(operationId)
      ? operationId
      : `${method} ${path}`,
  );
}

/** `name`, or `name_2`, `name_3`… the first that `taken` does not hold (cut to fit 64). */
export function unique(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) {
    const suffix = `_${i}`;
    const candidate = `${name.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** What `--include`/`--exclude` select: `tag:<tag>`, `path:<glob>` or `op:<operationId glob>`. */
export interface Filter {
  readonly kind: "tag" | "path" | "op";
  readonly pattern: string;
  readonly test: (text: string) => boolean;
}

/** A filter from its text, or a message saying what is wrong with it. */
export function parseFilter(text: string): Filter | string {
  const m = /^(tag|path|op):(.+)$/.exec(text);
  if (m === null)
    return `${JSON.stringify(text)} selects nothing: write tag:<tag>, path:<glob> or op:<operationId>`;
  const kind = m[1] as Filter["kind"];
  const pattern = m[2]!;
  if (kind === "tag") return { kind, pattern, test: (t) => t === pattern };
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === "**"
        ? ".*"
        : part === "*"
          ? kind === "path"
            ? "[^/]*"
            : ".*"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  const re = new RegExp(`^${source}$`);
  return { kind, pattern, test: (t) => re.test(t) };
}

/** Whether an operation is imported: one of the includes (if any) matches it, and no exclude. */
export function selected(
  op: {
    readonly tags: readonly string[];
    readonly path: string;
    readonly operationId?: string;
  },
  include: readonly Filter[],
  exclude: readonly Filter[],
): boolean {
  const matches = (f: Filter): boolean =>
    f.kind === "tag"
      ? op.tags.some(f.test)
      : f.kind === "path"
        ? f.test(op.path)
        : op.operationId !== undefined && f.test(op.operationId);
  return (
    (include.length === 0 || include.some(matches)) && !exclude.some(matches)
  );
}
