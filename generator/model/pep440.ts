/**
 * A semver version (the spec's) in PEP 440's spelling, for pyproject.toml: the release as it is,
 * a pre-release by its label (`alpha`/`a` → a, `beta`/`b` → b, `rc`/`c`/`pre`/`preview` → rc,
 * `dev` → .dev) and number (0 when none), build metadata as a local version with dots
 * (`1.0.0+build.5` → `1.0.0+build.5`, `+exp-sha` → `+exp.sha`). null: a pre-release PEP 440 has
 * no spelling for (`1.0.0-foo`), which validation reports.
 */
export function pep440(semver: string): string | null {
  const m =
    /^(\d+\.\d+\.\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(
      semver,
    );
  if (!m) return null;
  const [, release, pre, build] = m;
  let version = release!;
  if (pre !== undefined) {
    const p = /^([A-Za-z]+)[.-]?(\d*)$/.exec(pre);
    const label = p ? LABELS[p[1]!.toLowerCase()] : undefined;
    if (!p || label === undefined) return null;
    version += `${label}${p[2] === "" ? "0" : String(Number(p[2]))}`;
  }
  if (build !== undefined)
    version += `+${build.replace(/-/g, ".").toLowerCase()}`;
  return version;
}

const LABELS: Readonly<Record<string, string>> = {
  alpha: "a",
  a: "a",
  beta: "b",
  b: "b",
  rc: "rc",
  c: "rc",
  pre: "rc",
  preview: "rc",
  dev: ".dev",
};
