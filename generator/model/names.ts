/**
 * `delegate_task`, `delegate-task` → `delegateTask`: the words between runs of _ and -, the
 * first with a lower-case initial, the others capitalized.
 */
export function camelCase(name: string): string {
  return name
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word, i) =>
      i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : capitalize(word),
    )
    .join("");
}

/** `delegate_task` → `DelegateTask`. */
export function pascalCase(name: string): string {
  return capitalize(camelCase(name));
}

/** `source_workspace_id` → `source-workspace-id`: CLI option names. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
