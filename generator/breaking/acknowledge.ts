import type { Diagnostic } from "../diagnostics/index.js";
import type { Change, DiffResult } from "./types.js";
import type { DiffSide } from "./load.js";
import type { Locate } from "./locate.js";

/**
 * Applies the current spec's `acknowledged_breaks`: a breaking change whose tool and name one
 * lists carries its reason (it is listed but fails nothing); an acknowledgement that matches
 * no change is a warning at its place, so that it is removed once its release is out.
 */
export function acknowledge(
  changes: Change[],
  current: DiffSide,
  locate: Locate,
): DiffResult {
  const acks = current.model.acknowledgedBreaks;
  if (acks.length === 0) return { changes, warnings: [] };
  const used = new Set<number>();
  const out = changes.map((c) => {
    if (c.class !== "breaking") return c;
    const i = acks.findIndex((a) => a.tool === c.tool && a.change === c.change);
    if (i < 0) return c;
    used.add(i);
    return { ...c, acknowledged: acks[i]!.reason };
  });
  const warnings: Diagnostic[] = [];
  acks.forEach((a, i) => {
    if (used.has(i)) return;
    const place = locate(["acknowledged_breaks", i]);
    warnings.push({
      severity: "warning",
      code: "unmatched-acknowledgement",
      message: `acknowledged break ${i + 1} (tool '${a.tool}', ${a.change}) matches no change: remove it once its release is out`,
      file: current.spec.file,
      ...place,
    });
  });
  return { changes: out, warnings };
}
