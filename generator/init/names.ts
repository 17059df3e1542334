import path from "node:path";

/** The names init's example spec and a new package.json use, derived from the project's name. */
export interface ProjectNames {
  /** An npm name and a bin name at once: lowercase letters, digits and single hyphens, a letter first. */
  readonly name: string;
  /** The prefix of the client's environment variables: `name` in upper case, `_` for `-`. */
  readonly env: string;
}

/**
 * The project's names from package.json's `name` when it has one, else from the folder's name:
 * lowercased, a scope's `@` dropped and its `/` made a hyphen, every other character that no
 * bin name may hold made a hyphen; `platform` when nothing usable is left.
 */
export function projectNames(
  folder: string,
  packageName: unknown,
): ProjectNames {
  const source =
    typeof packageName === "string" && packageName.trim() !== ""
      ? packageName
      : path.basename(path.resolve(folder));
  const slug = source
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  const name = slug === "" ? "platform" : slug;
  return { name, env: name.toUpperCase().replaceAll("-", "_") };
}
