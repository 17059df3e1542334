import { about, type Subject } from "./changes.js";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * Each annotation, as the spec spells it and as a resolved model may (camelCase), and the value
 * MCP assumes when it is not given; `safe` is the value that lets a client run the tool without
 * asking.
 */
const ANNOTATIONS = [
  { key: "read_only", model: "readOnly", absent: false, safe: true },
  { key: "destructive", model: "destructive", absent: true, safe: false },
  { key: "idempotent", model: "idempotent", absent: false, safe: true },
  { key: "open_world", model: "openWorld", absent: true, safe: false },
] as const;

/**
 * An annotation made less safe (read_only true → false…) is breaking; made safer, compatible.
 * `b` and `c` are each side's annotations, resolved (a value derived from the HTTP method counts)
 * when the model has them, else as written; `written` is the current spec's block, for the place.
 */
export function compareAnnotations(
  sub: Subject,
  b: unknown,
  c: unknown,
  written: unknown,
): void {
  for (const { key, model, absent, safe } of ANNOTATIONS) {
    const was = flag(b, key, model) ?? absent;
    const now = flag(c, key, model) ?? absent;
    if (was === now) continue;
    const on = isRecord(written) && Object.hasOwn(written, key);
    sub.push({
      change: now === safe ? "annotation-safer" : "annotation-less-safe",
      tool: sub.tool,
      message: `${about(sub.tool)}: ${key} is now ${now}${flag(c, key, model) === undefined ? " (not given)" : ""} (was ${was})`,
      path: on
        ? ["tools", sub.index, "annotations", key]
        : ["tools", sub.index],
      key: !on,
    });
  }
}

function flag(value: unknown, key: string, model: string): boolean | undefined {
  if (!isRecord(value)) return undefined;
  const v = value[key] ?? value[model];
  return typeof v === "boolean" ? v : undefined;
}
