import { about, type Subject } from "./changes.js";
import { isRecord } from "../../runtime/shared/record.js";
import type { SchemaPlace } from "./types.js";

type Compare = (b: unknown, c: unknown, at: SchemaPlace) => void;

/**
 * The properties of an object schema, the tool's inputs at its top: each removed (a rename is a
 * removal and an addition), added (optional or required), made required or optional, and each
 * kept one's own schema compared.
 */
export function compareProperties(
  b: Record<string, unknown>,
  c: Record<string, unknown>,
  at: SchemaPlace,
  compare: Compare,
): void {
  const bp = isRecord(b.properties) ? b.properties : {};
  const cp = isRecord(c.properties) ? c.properties : {};
  const breq = requiredSet(b);
  const creq = requiredSet(c);
  const name = (n: string) => (at.input === undefined ? n : `${at.input}.${n}`);
  const sub: Subject = at.sub;
  const propertiesPath = isRecord(c.properties)
    ? [...at.path, "properties"]
    : at.path;
  for (const n of Object.keys(bp))
    if (!Object.hasOwn(cp, n))
      sub.push({
        change: "input-removed",
        tool: sub.tool,
        input: name(n),
        message: `${about(sub.tool, name(n))}: removed${breq.has(n) ? " (it was required)" : ""}`,
        path: propertiesPath,
        key: true,
      });
  for (const n of Object.keys(cp)) {
    const path = [...at.path, "properties", n];
    const input = name(n);
    const push = (
      change:
        | "required-input-added"
        | "input-added"
        | "input-made-required"
        | "input-made-optional",
      text: string,
    ) =>
      sub.push({
        change,
        tool: sub.tool,
        input,
        message: `${about(sub.tool, input)}: ${text}`,
        path,
        key: true,
      });
    if (!Object.hasOwn(bp, n)) {
      if (creq.has(n))
        push("required-input-added", "added as a required input");
      else push("input-added", "added (optional)");
      continue;
    }
    if (creq.has(n) && !breq.has(n))
      push("input-made-required", "made required");
    else if (!creq.has(n) && breq.has(n))
      push("input-made-optional", "made optional");
    compare(bp[n], cp[n], { sub, input, path });
  }
}

function requiredSet(s: Record<string, unknown>): ReadonlySet<string> {
  return new Set(Array.isArray(s.required) ? s.required.map(String) : []);
}
