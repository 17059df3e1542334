import type { RawSpec, RawTargets } from "../model/raw.js";
import type { JsonObject } from "../model/types.js";
import {
  TARGET_NAMES,
  type CheckedSpec,
  type TargetName,
} from "./checked-spec.js";
import type { Problem } from "./problem.js";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * The spec with every part its structure problems touch set aside: each target, section and
 * tool on its own, and within a broken tool its name and its input schema when they are sound.
 * Null when the spec is not a mapping: nothing can be checked then.
 */
export function soundPart(
  value: unknown,
  structural: readonly Problem[],
): CheckedSpec | null {
  if (!isRecord(value)) return null;
  const raw = value as unknown as RawSpec;
  // Each broken place as a path prefix: `tools.3`, `tools.3.name`, `targets.docs`.
  const broken = new Set(structural.map((p) => p.path.join("\0")));
  const brokenUnder = (...prefix: (string | number)[]) => {
    if (broken.size === 0) return false;
    const key = prefix.join("\0");
    for (const b of broken)
      if (b === key || b.startsWith(`${key}\0`)) return true;
    return false;
  };

  const declared = new Set<TargetName>();
  const targets: RawTargets = {};
  if (isRecord(raw.targets))
    for (const name of TARGET_NAMES) {
      if (!Object.hasOwn(raw.targets, name)) continue;
      declared.add(name);
      if (!brokenUnder("targets", name))
        Object.assign(targets, { [name]: raw.targets[name] });
    }

  const sectionList: unknown[] = Array.isArray(raw.sections)
    ? raw.sections
    : [];
  const sections = sectionList.map((s, i) =>
    brokenUnder("sections", i) ? undefined : (s as RawSpec["sections"][number]),
  );
  const ids = sectionList.map((s) => (isRecord(s) ? s.id : undefined));
  const sectionIds =
    Array.isArray(raw.sections) && ids.every((id) => typeof id === "string")
      ? new Set(ids as string[])
      : null;

  const toolList: unknown[] = Array.isArray(raw.tools) ? raw.tools : [];
  const tools = toolList.map((t, i) =>
    brokenUnder("tools", i) ? undefined : (t as RawSpec["tools"][number]),
  );
  const names = toolList.map((t, i) =>
    isRecord(t) &&
    typeof t.name === "string" &&
    !brokenUnder("tools", i, "name")
      ? t.name
      : undefined,
  );
  const inputs = toolList.map((t, i) =>
    isRecord(t) && isRecord(t.input) && !brokenUnder("tools", i, "input")
      ? (t.input as JsonObject)
      : undefined,
  );
  return {
    raw,
    targets,
    declared,
    sections,
    sectionIds,
    tools,
    names,
    inputs,
    soundAt: (path) => !brokenUnder(...path),
    compiled: { refs: 0, counted: new Set() },
  };
}

/** The spec with each tool an error is reported in set aside as well: what the later checks read. */
export function withoutFaultyTools(
  spec: CheckedSpec,
  problems: readonly Problem[],
): CheckedSpec {
  const faulty = new Set<number>();
  for (const p of problems)
    if (
      (p.severity ?? "error") === "error" &&
      p.path[0] === "tools" &&
      typeof p.path[1] === "number"
    )
      faulty.add(p.path[1]);
  if (faulty.size === 0) return spec;
  return {
    ...spec,
    tools: spec.tools.map((t, i) => (faulty.has(i) ? undefined : t)),
  };
}
