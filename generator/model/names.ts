/** `delegate_task`, `delegate-task` → `delegateTask`. */
export function camelCase(name: string): string {
  const words = name.split(/[_-]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : capitalize(w))).join("");
}

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
