import type { Diagnostic } from "../diagnostics/index.js";
import type { JsonPath } from "../read/place.js";
import type { ChangeClass, ChangeName, Subject } from "./changes.js";

/** One change of the tool surface, located in the current spec. */
export interface Change {
  readonly class: ChangeClass;
  readonly change: ChangeName;
  readonly tool: string;
  readonly input?: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly length: number;
  /** For text-changed: how many characters the text grew (+) or shrank (−). */
  readonly delta?: number;
  /** The reason of the acknowledgement that lets this breaking change through, if one does. */
  readonly acknowledged?: string;
}

export interface DiffResult {
  /** In the current spec's order (line, column), a removed tool at the `tools:` key. */
  readonly changes: readonly Change[];
  /** Acknowledgements that match no change, located in the current spec. */
  readonly warnings: readonly Diagnostic[];
}

/** Where a schema sits: the tool, the input it describes (dotted), its path in the current spec. */
export interface SchemaPlace {
  readonly sub: Subject;
  readonly input?: string;
  readonly path: JsonPath;
}
