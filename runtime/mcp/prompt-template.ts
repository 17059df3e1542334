/*
 * A declared prompt's template: text with `{{argument}}` placeholders. Rendering replaces each
 * placeholder by the argument's value as given, in one pass: a value is never read as a
 * template, nothing in it is evaluated, and an argument left out reads as empty text. `{{{{`
 * writes a literal `{{`. The generator checks the placeholders with placeholders().
 */

const PLACEHOLDER = /\{\{\{\{|\{\{\s*([^{}]*?)\s*\}\}/g;

/** Each placeholder's name with its offset, in the order written (`{{{{` is none). */
export function placeholders(
  template: string,
): { readonly name: string; readonly offset: number }[] {
  const found: { name: string; offset: number }[] = [];
  for (const m of template.matchAll(PLACEHOLDER))
    if (m[1] !== undefined) found.push({ name: m[1], offset: m.index });
  return found;
}

export function renderTemplate(
  template: string,
  args: { readonly [name: string]: string | undefined },
): string {
  return template.replace(PLACEHOLDER, (whole, name: string | undefined) =>
    name === undefined
      ? "{{"
      : Object.hasOwn(args, name)
        ? (args[name] ?? "")
        : "",
  );
}
