/**
 * `delegate_task`, `delegate-task` → `delegateTask`: the words between runs of _ and -, the
 * first with a lower-case initial, the others capitalized. One scan, no RegExp split and no
 * arrays: it runs for every tool of the spec.
 */
export function camelCase(name: string): string {
  let out = "";
  let start = -1;
  let first = true;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : UNDERSCORE;
    if (c !== UNDERSCORE && c !== HYPHEN) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = name.slice(start, i);
    out += first
      ? word.charAt(0).toLowerCase() + word.slice(1)
      : capitalize(word);
    first = false;
    start = -1;
  }
  return out;
}

const UNDERSCORE = 0x5f;
const HYPHEN = 0x2d;

/** `delegate_task` → `DelegateTask`. */
export function pascalCase(name: string): string {
  return capitalize(camelCase(name));
}

/** `source_workspace_id` → `source-workspace-id`: CLI option names. */
export function kebabCase(name: string): string {
  // The checks and the CLI emitter ask for every input's option, often of the same few names.
  let kebab = kebabNames.get(name);
  if (kebab === undefined) {
    kebab = name
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .replace(/_/g, "-")
      .toLowerCase();
    // Bounded, for a process that generates many specs in turn.
    if (kebabNames.size >= 10_000) kebabNames.clear();
    kebabNames.set(name, kebab);
  }
  return kebab;
}

const kebabNames = new Map<string, string>();

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
