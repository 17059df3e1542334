import type { RawPublish, RawRepository, RawSpec } from "./raw.js";
import type { TargetName } from "./targets.js";
import type { Publish, Repository } from "./types.js";

/** The version of a package when the spec sets none: installable by its siblings at ^0.0.0. */
export const NO_VERSION = "0.0.0";

/** The folder of the generated packages in the repository, when the spec's object form names none. */
const GENERATED_FOLDER = "generated";

/**
 * What one target's package.json says about publishing: each of version, license, repository
 * and private is the target's own setting when it has one, else the spec's top-level one.
 */
export function publish(raw: RawSpec, target: TargetName): Publish {
  const own: RawPublish = raw.targets[target] ?? {};
  return {
    version: own.version ?? raw.version ?? NO_VERSION,
    license: own.license ?? raw.license ?? null,
    repository:
      own.repository !== undefined
        ? repository(own.repository)
        : raw.repository !== undefined
          ? repository(packageFolder(raw.repository, target))
          : null,
    private: own.private ?? raw.private ?? false,
  };
}

/**
 * The top-level object form describes the repository of every package, and its directory the
 * folder that holds them (default `generated`): each package's own folder is `<directory>/<target>`.
 */
function packageFolder(top: RawRepository, target: TargetName): RawRepository {
  if (typeof top === "string") return top;
  const folder = withoutSlashesAtEnd(top.directory ?? GENERATED_FOLDER);
  return { ...top, directory: folder === "" ? target : `${folder}/${target}` };
}

/** The folder without its final slashes, in linear time (`/\/+$/` is quadratic in a long run of them). */
function withoutSlashesAtEnd(folder: string): string {
  let end = folder.length;
  while (end > 0 && folder[end - 1] === "/") end--;
  return folder.slice(0, end);
}

/** The repository as npm reads it, its keys in one fixed order whatever the spec's order. */
function repository(value: RawRepository): Repository {
  if (typeof value === "string") return value;
  return {
    ...(value.type !== undefined ? { type: value.type } : {}),
    url: value.url,
    ...(value.directory !== undefined ? { directory: value.directory } : {}),
  };
}
