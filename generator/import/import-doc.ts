import { markerLine } from "./marker.js";
import { yamlText } from "./yaml-text.js";

/**
 * The model every `toolgen import` produces, whatever its source: what a new tools.yaml holds,
 * before it is written. `renderImport` writes it as a new spec; `mergeImport` (merge.ts) writes
 * it into an existing one, keeping what the user added or edited (docs/import.md).
 */

/** One imported tool. */
export interface ImportedTool {
  /**
   * One line, without `#`: where the tool came from (the source's tool or operation). The
   * import's marker and digests follow it in the file (marker.ts).
   */
  readonly comment: string;
  /** A tools.yaml tool, its keys in the spec's order; `name` is a string. */
  readonly tool: Readonly<Record<string, unknown>>;
  /**
   * The top-level keys of `tool` the import filled by rule (`short`, `when_to_use`, `section`…)
   * rather than carried from the source: a re-import keeps them once the user has edited them.
   */
  readonly filled: readonly string[];
}

/** A spec as an import writes it. */
export interface ImportDoc {
  /** Comment lines at the top of the file, without `#`. */
  readonly header: readonly string[];
  /** The spec's top-level `version`, when the source gives one. */
  readonly version?: string;
  readonly targets: Readonly<Record<string, unknown>>;
  readonly sections: readonly Readonly<Record<string, unknown>>[];
  readonly tools: readonly ImportedTool[];
  /**
   * The tool paths (`title`, `output`, `mcp.description`) this source speaks for beside those a
   * tool sets: on a re-import, a path listed here that the source no longer sets is removed.
   * Omitted: only the paths each tool sets.
   */
  readonly carries?: readonly string[];
  /** What could not be carried, one line each (with its location in the source). */
  readonly notes: readonly string[];
}

/** The spec's top-level value of an import (no comments). */
export function importValue(doc: ImportDoc): Record<string, unknown> {
  return {
    ...(doc.version === undefined ? {} : { version: doc.version }),
    targets: doc.targets,
    sections: doc.sections,
    tools: doc.tools.map((t) => t.tool),
  };
}

/**
 * A new tools.yaml: the header, then the spec, each tool under its comment and the digests of
 * the values filled by rule (marker.ts), by which a later import knows them.
 */
export function renderImport(doc: ImportDoc): string {
  const comments = new Map(doc.tools.map((t) => [t.tool, markerLine(t)]));
  return yamlText(importValue(doc), doc.header, comments);
}
