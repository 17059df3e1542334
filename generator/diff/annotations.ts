import { about, type Subject } from "./changes.js";
import { isRecord } from "./json.js";

/**
 * Each annotation (raw `annotations`, when the spec has them) and the value MCP assumes when it
 * is not given; `safe` is the value that lets a client run the tool without asking.
 */
const ANNOTATIONS = [
  { key: "read_only", absent: false, safe: true },
  { key: "destructive", absent: true, safe: false },
  { key: "idempotent", absent: false, safe: true },
  { key: "open_world", absent: true, safe: false },
] as const;

/** An annotation made less safe (read_only true → false…) is breaking; made safer, compatible. */
export function compareAnnotations(sub: Subject, b: unknown, c: unknown): void {
  const bv = isRecord(b) ? b : {};
  const cv = isRecord(c) ? c : {};
  for (const { key, absent, safe } of ANNOTATIONS) {
    const was = typeof bv[key] === "boolean" ? bv[key] : absent;
    const now = typeof cv[key] === "boolean" ? cv[key] : absent;
    if (was === now) continue;
    const on = isRecord(c) && Object.hasOwn(c, key);
    sub.push({
      change: now === safe ? "annotation-safer" : "annotation-less-safe",
      tool: sub.tool,
      message: `${about(sub.tool)}: ${key} is now ${now}${on ? "" : " (not given)"} (was ${was})`,
      path: on
        ? ["tools", sub.index, "annotations", key]
        : ["tools", sub.index],
      key: !on,
    });
  }
}
