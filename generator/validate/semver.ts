/**
 * Semantic Versioning 2.0.0, strictly: the regular expression semver.org gives. No leading
 * zeros, no `v` prefix, no missing part.
 */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** A partial version: 1, 1.2, 1.x, 1.2.*, *; the parts not given match any. */
const PARTIAL = /^(?:0|[1-9]\d*|[xX*])(?:\.(?:0|[1-9]\d*|[xX*])){0,2}$/;

/** The operators a comparator may start with; `^` and `~` as npm reads them. */
const COMPARATOR = /^(\^|~|>=|<=|>|<|=)?(.+)$/;

export function isSemver(text: string): boolean {
  return SEMVER.test(text);
}

/**
 * An npm version range, in the part of npm's grammar a peer dependency needs: alternatives
 * joined by `||`, each either a hyphen range (`1.2.0 - 1.4.x`) or comparators separated by
 * spaces (`>=1.2.0 <2.0.0`), each comparator an optional operator (`^ ~ >= <= > < =`) and a
 * version, full (semver 2.0.0) or partial (`1`, `1.2`, `1.x`, `*`). Not read here: dist tags
 * (`latest`), URLs, `file:` and `workspace:` specifiers, a `v` prefix, the empty range.
 */
export function isVersionRange(text: string): boolean {
  return text.split("||").every(isAlternative);
}

function isAlternative(text: string): boolean {
  // `>= 1.2.0` is `>=1.2.0`: npm allows spaces after an operator.
  const words = text
    .trim()
    .replace(/(\^|~|>=|<=|>|<|=)\s+/g, "$1")
    .split(/\s+/)
    .filter((w) => w !== "");
  if (words.length === 0) return false;
  if (words.length === 3 && words[1] === "-")
    return isVersion(words[0]!) && isVersion(words[2]!);
  return words.every(isComparator);
}

function isComparator(word: string): boolean {
  const [, , version] = COMPARATOR.exec(word) ?? [];
  return version !== undefined && isVersion(version);
}

function isVersion(text: string): boolean {
  return SEMVER.test(text) || PARTIAL.test(text);
}
