import type { Diagnostic } from "../diagnostics/index.js";
import { acknowledge } from "./acknowledge.js";
import type { Change, DiffResult } from "./types.js";
import {
  classOf,
  type ChangeClass,
  type ChangeName,
  type FoundChange,
  type Subject,
} from "./changes.js";
import type { DiffSide, ToolSurface } from "./load.js";
import { fastLocate } from "./locate.js";
import { matchTools } from "./tools.js";
import { compareConnection } from "./connection.js";
import { compareCatalog } from "./catalog.js";

export { NO_TOOLS, type DiffSide, type ToolSurface } from "./load.js";
export { CHANGES, BREAKING_CHANGES, type ChangeName } from "./changes.js";
export type { Change, DiffResult } from "./types.js";

/**
 * The changes of the tool surface from `base` to `current`, each classed and located in the
 * current spec, with the current spec's acknowledgements applied. Pure: reads both models only.
 */
export function diffSpecs(base: ToolSurface, current: DiffSide): DiffResult {
  const found: FoundChange[] = [];
  matchTools(base, current, (index, tool): Subject => ({
    tool,
    index,
    push: (c) => found.push(c),
  }));
  compareConnection(base, current, (c) => found.push(c));
  compareCatalog(base, current, (c) => found.push(c));
  const locate = fastLocate(current.spec);
  const located = found.map((f): Change => {
    const place = locate(f.path, { key: f.key });
    return {
      class: classOf(f.change),
      change: f.change,
      tool: f.tool,
      ...(f.input === undefined ? {} : { input: f.input }),
      message: f.message,
      file: current.spec.file,
      line: place.line,
      col: place.col,
      length: place.length,
      ...(f.delta === undefined ? {} : { delta: f.delta }),
    };
  });
  // Stable: changes at one place keep the order they were found in.
  located.sort((a, b) => a.line - b.line || a.col - b.col);
  return acknowledge(located, current, locate);
}
