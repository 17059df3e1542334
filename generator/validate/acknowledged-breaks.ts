import {
  BREAKING_CHANGES,
  CHANGES,
  type ChangeName,
} from "../breaking/changes.js";
import type { Check } from "./checked-spec.js";
import type { Problem } from "./problem.js";
import { closest } from "../../runtime/shared/distance.js";
import { quoted } from "../diagnostics/quoted.js";

/**
 * Each entry of `acknowledged_breaks`: its change is a breaking change `toolgen diff` names (a
 * compatible one needs no acknowledgement), and no tool and change are acknowledged twice.
 */
export const checkAcknowledgedBreaks: Check = ({ raw, soundAt }) => {
  const problems: Problem[] = [];
  const list = raw.acknowledged_breaks;
  if (!Array.isArray(list)) return problems;
  const breaking = new Set<string>(BREAKING_CHANGES);
  const seen = new Map<string, number>();
  list.forEach((ack, i) => {
    if (!soundAt(["acknowledged_breaks", i])) return;
    const at = `acknowledged break ${i + 1} (tool ${quoted(ack.tool)})`;
    if (!breaking.has(ack.change)) {
      const compatible = Object.hasOwn(CHANGES, ack.change);
      const near = compatible ? undefined : closest(ack.change, breaking);
      problems.push({
        path: ["acknowledged_breaks", i, "change"],
        message: compatible
          ? `${at}: ${quoted(ack.change)} is a compatible change: it needs no acknowledgement`
          : `${at}: ${quoted(ack.change)} is no breaking change toolgen diff reports${near ? `; did you mean ${quoted(near)}?` : ""}`,
        code: "unknown-change",
      });
      return;
    }
    const key = `${ack.tool}\0${ack.change as ChangeName}`;
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({
        path: ["acknowledged_breaks", i],
        message: `${at}: ${ack.change} is already acknowledged by acknowledged break ${first + 1}`,
        code: "duplicate-acknowledgement",
      });
    else seen.set(key, i);
  });
  return problems;
};
