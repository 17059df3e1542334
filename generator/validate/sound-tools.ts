import { buildModel } from "../model/build.js";
import type { Problem } from "./problem.js";
import { checkSemantics } from "./semantic.js";
import { checkStructure } from "./structure.js";

/**
 * What the model and semantic checks find in a spec whose structure is broken only inside some
 * tools: those tools are set aside and the rest is checked, so that one run reports a misspelt
 * key in one tool and an unknown path placeholder in another. Nothing is checked (an empty list)
 * when the targets, the sections or the top level are broken, or no tool is sound: the model
 * could not be trusted. Paths and tool numbers in messages are the spec's own.
 */
export function checkSoundTools(
  value: unknown,
  structural: readonly Problem[],
  specDir: string,
  source: string,
): Problem[] {
  const tools = (value as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return [];
  const broken = new Set<number>();
  for (const p of structural) {
    if (p.path[0] !== "tools" || typeof p.path[1] !== "number") return [];
    broken.add(p.path[1]);
  }
  const kept = tools.map((_, i) => i).filter((i) => !broken.has(i));
  if (kept.length === 0) return [];
  const sound = { ...(value as object), tools: kept.map((i) => tools[i]) };
  // Set aside, a tool can leave nothing broken behind; should it, say nothing rather than something wrong.
  if (checkStructure(sound).length > 0) return [];

  const { model, problems } = buildModel(sound, specDir);
  const found = [
    ...problems,
    ...checkSemantics(model, sound, source, (k) => kept[k]! + 1),
  ];
  return found.map((p) =>
    p.path[0] === "tools" && typeof p.path[1] === "number"
      ? { ...p, path: ["tools", kept[p.path[1]]!, ...p.path.slice(2)] }
      : p,
  );
}
