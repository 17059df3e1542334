import { yamlLibrary } from "../libraries.js";

/** One imported tool: where it came from, and the tools.yaml tool. */
export interface ImportedTool {
  /** One line: where the tool came from (source, operation/tool). */
  readonly comment: string;
  /** A tools.yaml tool, keys in the spec's order. */
  readonly tool: Readonly<Record<string, unknown>>;
  /** Keys the import filled by rule (short, when_to_use, section…), not carried from the source. */
  readonly filled: readonly string[];
}

/** What an import produces, before it is rendered as a new spec or merged into one. */
export interface ImportDoc {
  readonly header: readonly string[];
  readonly version?: string;
  readonly targets: Readonly<Record<string, unknown>>;
  readonly sections: readonly Readonly<Record<string, unknown>>[];
  readonly tools: readonly ImportedTool[];
  /** What could not be carried, one line each (with its location). */
  readonly notes: readonly string[];
}

/** A new tools.yaml. */
export function renderImport(doc: ImportDoc): string {
  const YAML = yamlLibrary();
  const value = {
    ...(doc.version === undefined ? {} : { version: doc.version }),
    targets: doc.targets,
    sections: doc.sections,
    tools: doc.tools.map((t) => t.tool),
  };
  const out = new YAML.Document(value, { aliasDuplicateObjects: false });
  out.commentBefore = doc.header.map((l) => ` ${l}`).join("\n");
  doc.tools.forEach((t, i) => {
    const node = out.getIn(["tools", i], true) as { commentBefore?: string };
    node.commentBefore = ` ${t.comment}`;
  });
  return out.toString({ lineWidth: 0 });
}
