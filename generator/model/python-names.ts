/**
 * Names in generated Python code. A tool's method is its snake_case name (`getPeers`,
 * `get-peers` → `get_peers`); a name Python or the client itself takes gets a trailing
 * underscore (PEP 8's way: `import` → `import_`, `call` → `call_`).
 */

/** Python's keywords (3.10–3.13), which no identifier may be. */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);

/** What the generated client class defines besides the tools' methods (runtime/python/toolgen_core/client.py). */
const CLIENT_MEMBERS: ReadonlySet<string> = new Set([
  "aclose",
  "call",
  "primary",
  "request",
  "validate_input",
  "with_defaults",
  "workspaces",
]);

/** `getPeers` (a tool's camelCase name) → `get_peers`; never a keyword nor a client member. */
export function pythonMethodName(camelName: string): string {
  const snake = camelName
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
  return PYTHON_KEYWORDS.has(snake) || CLIENT_MEMBERS.has(snake)
    ? `${snake}_`
    : snake;
}

/** Whether `name` can be written as a Python identifier that means itself (an attribute, a keyword argument). */
export function isPlainIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name);
}
