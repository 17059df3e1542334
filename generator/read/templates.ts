// The prompt docs' templates as io/ gathers them from disk, beside the spec: the names toolgen
// reads, and each folder's texts. validate/templates/ compiles and checks them.

/** Every template the docs target renders, by file name. */
export const TEMPLATE_NAMES = [
  "section.md.hbs",
  "section-cli.md.hbs",
  "capabilities.md.hbs",
  "prompt.md.hbs",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** The folder inside a templates folder whose `.hbs` files are partials. */
export const PARTIALS_FOLDER = "partials";

/** A partial as io/ read it. */
export interface PartialText {
  /** How templates call it: its path under partials/ without `.hbs`, e.g. `item`, `a/b`. */
  readonly name: string;
  /** Its text, or the error code of its reading. */
  readonly text: string | { readonly error: string };
}

/** A folder of templates as io/ read it: the names of its files, each template's text or why it could not be read, and its partials. */
export interface TemplateFolder {
  /** Absolute. */
  readonly folder: string;
  /** Every file in it (links followed); null when the folder does not exist or cannot be read. */
  readonly names: readonly string[] | null;
  /** The text of each template it holds, or the error code of its reading. */
  readonly texts: ReadonlyMap<string, string | { readonly error: string }>;
  /** The `.hbs` files of its partials/ folder (at any depth), sorted by name; empty without one. */
  readonly partials: readonly PartialText[];
}

/** The template texts generate() reads: toolgen's own, and the user's folder when one is set. */
export interface TemplateInputs {
  readonly defaults: TemplateFolder;
  readonly user: TemplateFolder | null;
}
