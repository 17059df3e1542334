/*
 * URI templates (RFC 6570) of levels 1 and 2, as resource templates declare them: literal text
 * and expressions `{var}` (simple), `{+var}` (reserved) and `{#var}` (fragment), one variable
 * each. The generator checks a template with parseUriTemplate; the server matches a read's uri
 * against it with matchUri. Levels 3 and 4 (`{x,y}`, `{/x}`, `{x*}`, `{x:3}`…) are refused.
 */

/** A part of a template: literal text, or an expression naming one variable. */
export type TemplatePart =
  | { readonly literal: string }
  | { readonly variable: string; readonly operator: "" | "+" | "#" };

/** A parsed template: its parts, or the first problem with the offset where it lies. */
export type ParsedTemplate =
  | {
      readonly parts: readonly TemplatePart[];
      readonly variables: readonly string[];
    }
  | { readonly problem: string; readonly offset: number };

const VARNAME =
  /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
// Characters RFC 6570 does not allow in a template's literal text.
const NOT_LITERAL = /[\u0000-\u0020"'<>\\^`|}\u007f]/;
const LATER_LEVELS = new Set([".", "/", ";", "?", "&", "=", ",", "!", "@"]);

export function parseUriTemplate(text: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const variables: string[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    const literal = text.slice(i, open === -1 ? text.length : open);
    const bad = NOT_LITERAL.exec(literal);
    if (bad !== null)
      return {
        problem: `${JSON.stringify(bad[0])} is not allowed in a uri template's text${bad[0] === "}" ? " (a } without its {)" : ""}`,
        offset: i + bad.index,
      };
    const pct = /%(?![0-9A-Fa-f]{2})/.exec(literal);
    if (pct !== null)
      return {
        problem: "a % not followed by two hex digits",
        offset: i + pct.index,
      };
    if (literal !== "") parts.push({ literal });
    if (open === -1) break;
    const close = text.indexOf("}", open);
    if (close === -1)
      return { problem: "a { that is never closed", offset: open };
    const body = text.slice(open + 1, close);
    const operator = body[0] === "+" || body[0] === "#" ? body[0] : "";
    const name = body.slice(operator.length);
    if (LATER_LEVELS.has(body[0] ?? "") || /[,*:]/.test(name))
      return {
        problem: `{${body}} is an expression of RFC 6570 level 3 or 4: toolgen reads levels 1 and 2 ({name}, {+name}, {#name})`,
        offset: open,
      };
    if (!VARNAME.test(name))
      return {
        problem: `{${body}} does not name a variable (letters, digits, _ and .)`,
        offset: open,
      };
    if (variables.includes(name))
      return {
        problem: `the variable ${JSON.stringify(name)} appears twice`,
        offset: open,
      };
    variables.push(name);
    parts.push({ variable: name, operator });
    i = close + 1;
  }
  return { parts, variables };
}

/** A parsed template's matcher: the variables' values for a uri it expands to, or null. */
export function uriMatcher(
  parts: readonly TemplatePart[],
): (uri: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = parts
    .map((part) => {
      if ("literal" in part) return escape(part.literal);
      names.push(part.variable);
      if (part.operator === "")
        return "((?:[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2})*)";
      if (part.operator === "+") return "([^#]*?)";
      return "(?:#(.*?))?";
    })
    .join("");
  const pattern = new RegExp(`^${source}$`, "s");
  return (uri) => {
    const found = pattern.exec(uri);
    if (found === null) return null;
    const values: Record<string, string> = {};
    try {
      names.forEach((name, i) => {
        values[name] = decodeURIComponent(found[i + 1] ?? "");
      });
    } catch {
      return null;
    }
    return values;
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
