import type { RawFields, RawFieldValue, RawTool } from "../model/raw.js";
import type { Problem } from "./problem.js";
import { closest } from "../../runtime/shared/distance.js";
import {
  inputNames,
  listHint,
  requiredInputs,
  toolPath,
  type Check,
} from "./checked-spec.js";
import { quoted } from "../diagnostics/quoted.js";

const WORKSPACE = "$workspace";

/** A header name as HTTP defines a token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Each http binding: its path placeholders, query, body and header values name inputs of the
 * tool, the path is well formed, the method may carry a body, the headers are valid and left
 * to the client where they must be, and every input is sent somewhere.
 */
export const checkHttpBindings: Check = ({ tools }) => {
  const problems: Problem[] = [];
  tools.forEach((t, i) => {
    if (t?.http === undefined) return;
    checkBinding(t as Required<Pick<RawTool, "http">> & RawTool, (p, input) =>
      problems.push({
        ...p,
        path: input
          ? toolPath(i, "input", "properties", ...p.path)
          : toolPath(i, "http", ...p.path),
      }),
    );
  });
  return problems;
};

/** Reports each problem at a path inside the http block, or (`input` true) inside the input's properties. */
function checkBinding(
  tool: RawTool & Required<Pick<RawTool, "http">>,
  report: (p: Problem, input?: true) => void,
): void {
  const raw = tool.http;
  const who = `tool ${quoted(tool.name)}`;
  const inputs = inputNames(tool);
  const required = requiredInputs(tool);
  const known = new Set(inputs);
  const used = new Set<string>();
  // Each reference naming no input, reported at the end with the input it most likely meant.
  const unknown: { name: string; problem: Problem }[] = [];
  const source = (value: RawFieldValue, where: (string | number)[]) => {
    if (typeof value !== "string" || value === WORKSPACE) return;
    if (!known.has(value))
      unknown.push({
        name: value,
        problem: {
          path: where,
          message: `${who}: ${quoted(value)} in http.${where[0]} is not an input of this tool`,
          code: "unknown-input",
        },
      });
    used.add(value);
  };
  const fields = (raw: RawFields | undefined, at: string) => {
    if (raw === undefined) return;
    if (Array.isArray(raw)) raw.forEach((name, i) => source(name, [at, i]));
    else
      for (const [name, value] of Object.entries(raw))
        source(value, [at, name]);
  };

  const placeholder = /\{([^{}]*)\}/g;
  const literals: string[] = [];
  let last = 0;
  // exec rather than matchAll, which copies the RegExp and makes an iterator per tool; a match is never empty.
  for (
    let m = placeholder.exec(raw.path);
    m !== null;
    m = placeholder.exec(raw.path)
  ) {
    if (m.index > last) literals.push(raw.path.slice(last, m.index));
    const name = m[1]!;
    if (name !== WORKSPACE && !known.has(name))
      unknown.push({
        name,
        problem: {
          path: ["path"],
          token: m[0],
          message: `${who}: path placeholder ${m[0]} is not an input of this tool`,
          code: "unknown-input",
        },
      });
    used.add(name);
    if (name !== WORKSPACE && known.has(name) && !required.includes(name))
      report({
        path: ["path"],
        token: m[0],
        message: `${who}: path placeholder {${name}} must be a required input: a path cannot leave it out`,
        code: "optional-path-placeholder",
      });
    last = m.index + m[0].length;
  }
  if (last < raw.path.length) literals.push(raw.path.slice(last));
  let pathBroken = false;
  for (const text of literals) {
    if (/[{}?#]/.test(text)) {
      pathBroken = true;
      report({
        path: ["path"],
        message: `${who}: the path may not contain ?, # or unmatched braces: put query values under 'query'`,
        code: "malformed-path",
      });
    }
  }

  if (!pathBroken) {
    const dots = dotSegment(raw.path);
    if (dots !== null)
      report({
        path: ["path"],
        token: dots,
        message: `${who}: the path may not hold a ${dotWords(dots)} segment: a URL resolves it, and the request would go to another path than the one written`,
        code: "dot-segment",
      });
  }

  fields(raw.query, "query");
  if (raw.body !== undefined && "$input" in raw.body)
    source(raw.body.$input, ["body", "$input"]);
  else if (raw.body !== undefined) fields(raw.body as RawFields, "body");
  fields(raw.headers, "headers");
  if (raw.route !== undefined) {
    if (!known.has(raw.route))
      unknown.push({
        name: raw.route,
        problem: {
          path: ["route"],
          message: `${who}: route ${quoted(raw.route)} is not an input of this tool`,
          code: "unknown-input",
        },
      });
    used.add(raw.route);
  }
  if (
    raw.body !== undefined &&
    (raw.method === "GET" || raw.method === "DELETE")
  )
    report({
      path: ["body"],
      key: true,
      message: `${who}: a ${raw.method} request has no body: send these values in the query`,
      code: "body-not-allowed",
    });
  for (const name of Object.keys(raw.headers ?? {})) {
    if (name.toLowerCase() === "authorization")
      report({
        path: ["headers", name],
        key: true,
        message: `${who}: a binding may not set Authorization: the client sends the routed workspace's own token`,
        code: "authorization-header",
      });
    else if (!HEADER_NAME.test(name))
      report({
        path: ["headers", name],
        key: true,
        message: `${who}: ${quoted(name)} is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~)`,
        code: "bad-header-name",
      });
  }
  checkIdempotencyKey(raw, who, report);
  // A reference naming no input most likely meant an input sent nowhere: one close to it, or the
  // only one. That input is then named in the reference's message, not reported again.
  const unsent = inputs.filter((input) => !used.has(input));
  const meant = new Set<string>();
  for (const { name, problem } of unknown) {
    const open = unsent.filter((input) => !meant.has(input));
    const near =
      closest(name, open) ??
      (unknown.length === 1 && open.length === 1 ? open[0] : undefined);
    if (near !== undefined) meant.add(near);
    report({
      ...problem,
      message: `${problem.message}${near !== undefined ? `; did you mean ${quoted(near)}?` : listHint(inputs)}`,
    });
  }
  for (const input of unsent) {
    // A placeholder the broken path meant to hold is reported there, not again here.
    if (!meant.has(input) && !(pathBroken && raw.path.includes(input)))
      report(
        {
          path: [input],
          key: true,
          message: `${who}, input ${quoted(input)} is never sent: place it in the path, query, body or headers, or make it the route`,
          code: "input-never-sent",
        },
        true,
      );
  }
}

/** The idempotency key's header: a valid name, not Authorization, not a header the binding also sets. */
function checkIdempotencyKey(
  raw: NonNullable<RawTool["http"]>,
  who: string,
  report: (p: Problem) => void,
): void {
  const name = raw.idempotency_key;
  if (name === undefined) return;
  const at = { path: ["idempotency_key"] };
  if (!HEADER_NAME.test(name))
    report({
      ...at,
      message: `${who}: idempotency_key ${quoted(name)} is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~)`,
      code: "bad-header-name",
    });
  else if (name.toLowerCase() === "authorization")
    report({
      ...at,
      message: `${who}: idempotency_key may not be Authorization: the client sends the routed workspace's own token`,
      code: "authorization-header",
    });
  else if (
    Object.keys(raw.headers ?? {}).some(
      (h) => h.toLowerCase() === name.toLowerCase(),
    )
  )
    report({
      ...at,
      message: `${who}: idempotency_key ${quoted(name)} is also set under http.headers: the client fills it with a fresh key per call, so leave it out of headers`,
      code: "idempotency-key-header",
    });
}

/** A percent-encoded dot, in either case: a URL reads `%2e` as `.`. */
const ENCODED_DOT = /%2e/gi;

/**
 * The first segment of a path that a URL resolves as `.` or `..` (raw or percent-encoded, `%2e`
 * in any case and mix), as written; null when there is none. A segment holding a placeholder is
 * the client's to check at run time: its value is encoded there.
 */
export function dotSegment(p: string): string | null {
  // A URL of http(s) reads a backslash as a slash.
  for (const segment of p.split(/[\\/]/)) {
    if (segment.includes("{")) continue;
    const decoded = segment.replace(ENCODED_DOT, ".");
    if (decoded === "." || decoded === "..") return segment;
  }
  return null;
}

function dotWords(segment: string): string {
  const decoded = segment.replace(ENCODED_DOT, ".");
  return decoded === segment
    ? `${quoted(segment)}`
    : `${quoted(segment)} (read as ${quoted(decoded)})`;
}
