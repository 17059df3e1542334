import type {
  Field,
  HttpBinding,
  PathPart,
  ValueSource,
} from "../model/types.js";
import { about, quoted, type ChangeName, type Subject } from "./changes.js";
import { shown } from "./json.js";

/**
 * A tool's HTTP binding: made local or added, its method, path and routing input, where each
 * input is sent, and the constant and workspace fields of the request.
 */
export function compareHttp(
  sub: Subject,
  b: HttpBinding | null,
  c: HttpBinding | null,
): void {
  const push = (change: ChangeName, text: string, ...rest: string[]) =>
    sub.push({
      change,
      tool: sub.tool,
      message: `${about(sub.tool)}: ${text}`,
      path:
        c === null
          ? ["tools", sub.index]
          : ["tools", sub.index, "http", ...rest],
      key: c === null || rest.length === 0,
    });
  if (b === null && c === null) return;
  if (b === null)
    return push("http-binding-added", "now calls the platform (it was local)");
  if (c === null)
    return push(
      "http-binding-removed",
      `is now local: ${b.method} ${b.pathTemplate} is no longer called and its client method is gone`,
    );
  if (b.method !== c.method)
    push(
      "http-method-changed",
      `HTTP method changed from ${b.method} to ${c.method}`,
      "method",
    );
  if (pathShape(b.path) !== pathShape(c.path))
    push(
      "http-path-changed",
      `HTTP path changed from ${b.pathTemplate} to ${c.pathTemplate}`,
      "path",
    );
  if (b.route !== c.route)
    push(
      "http-route-changed",
      `the workspace is now picked by ${c.route === null ? "nothing (the primary one)" : `input ${quoted(c.route)}`} (was ${b.route === null ? "the primary one" : `input ${quoted(b.route)}`})`,
      ...(c.route === null ? [] : ["route"]),
    );
  const bs = sent(b);
  const cs = sent(c);
  for (const [input, places] of bs) {
    const now = cs.get(input);
    if (now === undefined) continue; // not sent any more: the input was removed, or the binding check refuses it
    if (places.join() !== now.join())
      push(
        "http-input-moved",
        `input ${quoted(input)} is now sent in ${now.join(", ")} (was ${places.join(", ")})`,
      );
  }
  const bf = fixed(b);
  const cf = fixed(c);
  const gone = bf.filter((f) => !cf.includes(f));
  const come = cf.filter((f) => !bf.includes(f));
  if (gone.length + come.length > 0)
    push(
      "http-field-changed",
      `request fields changed: ${[...gone.map((f) => `- ${f}`), ...come.map((f) => `+ ${f}`)].join("; ")}`,
    );
}

/** The path with each input placeholder as `{}`: inputs renamed in place are reported as inputs. */
function pathShape(parts: readonly PathPart[]): string {
  return parts
    .map((p) =>
      p.kind === "literal"
        ? p.text
        : p.kind === "input"
          ? "{}"
          : p.kind === "workspace"
            ? "{$workspace}"
            : `{${shown(p.value)}}`,
    )
    .join("");
}

/** Each input → where it is sent (`path`, `query 'q'`, `body 'b'`, `header 'h'`), sorted. */
function sent(h: HttpBinding): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const add = (v: ValueSource, where: string) => {
    if (v.kind !== "input") return;
    const list = places.get(v.input) ?? [];
    list.push(where);
    places.set(v.input, list);
  };
  for (const p of h.path) add(p as ValueSource, "path");
  const fields = (list: readonly Field[], where: string) => {
    for (const f of list) add(f.value, `${where} ${quoted(f.name)}`);
  };
  fields(h.query, "query");
  if (h.body !== null && !Array.isArray(h.body))
    add(
      { kind: "input", input: (h.body as { input: string }).input },
      "the whole body",
    );
  else fields((h.body as readonly Field[] | null) ?? [], "body");
  fields(h.headers, "header");
  for (const list of places.values()) list.sort();
  return places;
}

/** The fields no input fills (constants and the workspace), and whether a body is sent at all. */
function fixed(h: HttpBinding): string[] {
  const out: string[] = [h.body === null ? "no body" : "a JSON body"];
  const fields = (list: readonly Field[], where: string) => {
    for (const f of list)
      if (f.value.kind === "workspace")
        out.push(`${where} ${quoted(f.name)} = $workspace`);
      else if (f.value.kind === "const")
        out.push(`${where} ${quoted(f.name)} = ${shown(f.value.value)}`);
  };
  fields(h.query, "query");
  if (Array.isArray(h.body)) fields(h.body as readonly Field[], "body");
  fields(h.headers, "header");
  return out;
}
