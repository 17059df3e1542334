import type { RawFields, RawFieldValue, RawTool } from "../model/raw.js";
import type { Problem } from "./problem.js";
import {
  inputNames,
  listHint,
  requiredInputs,
  toolPath,
  type Check,
} from "./checked-spec.js";

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
  const inputs = inputNames(tool);
  const required = requiredInputs(tool);
  const known = new Set(inputs);
  const used = new Set<string>();
  const source = (value: RawFieldValue, where: (string | number)[]) => {
    if (typeof value !== "string" || value === WORKSPACE) return;
    if (!known.has(value))
      report({
        path: where,
        message: `'${value}' is not an input of this tool${listHint(inputs)}`,
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
    source(name, ["path"]);
    if (name !== WORKSPACE && known.has(name) && !required.includes(name))
      report({
        path: ["path"],
        message: `path placeholder {${name}} must be a required input: a path cannot leave it out`,
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
        message:
          "the path may not contain ?, # or unmatched braces: put query values under 'query'",
      });
    }
  }

  fields(raw.query, "query");
  if (raw.body !== undefined) fields(raw.body, "body");
  fields(raw.headers, "headers");
  if (raw.route !== undefined) {
    if (!known.has(raw.route))
      report({
        path: ["route"],
        message: `route '${raw.route}' is not an input of this tool${listHint(inputs)}`,
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
      message: `a ${raw.method} request has no body: send these values in the query`,
    });
  for (const name of Object.keys(raw.headers ?? {})) {
    if (name.toLowerCase() === "authorization")
      report({
        path: ["headers", name],
        key: true,
        message:
          "a binding may not set Authorization: the client sends the routed workspace's own token",
      });
    else if (!HEADER_NAME.test(name))
      report({
        path: ["headers", name],
        key: true,
        message: `'${name}' is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~)`,
      });
  }
  for (const input of inputs) {
    // A placeholder the broken path meant to hold is reported there, not again here.
    if (!used.has(input) && !(pathBroken && raw.path.includes(input)))
      report(
        {
          path: [input],
          key: true,
          message: `input '${input}' is never sent: place it in the path, query, body or headers, or make it the route`,
        },
        true,
      );
  }
}
