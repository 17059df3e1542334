import { codeHeader } from "./header.js";
import { stringLiteral } from "./literal.js";

/**
 * A package's index.d.ts as data: what depends on the spec (its own declarations, the types its
 * surface is bound to), and the names it exports. The fixed types and their documentation are
 * the runtime kind's surface (runtime/<kind>/surface.ts, `Surface` of `<client>/runtime/<kind>`).
 */
export interface Bindings {
  /** The client package's name. */
  readonly client: string;
  /** The runtime kind whose `Surface` the declarations bind. */
  readonly kind: string;
  /** Types imported from the client package. */
  readonly imports: readonly string[];
  /** Types re-exported from the client package. */
  readonly reexports: readonly string[];
  /** Declarations that depend on the spec, already rendered. */
  readonly own: string;
  /** The spec's types the surface takes (`Spec`): member → type. */
  readonly spec: readonly (readonly [member: string, type: string])[];
  /** Exported types bound to the spec: name with its parameters → its type. */
  readonly types: readonly (readonly [name: string, type: string])[];
  /** Exported values (identifiers), each typed, and documented, as its member of `Surface.Exports<Spec>`. */
  readonly values: readonly string[];
}

/** index.d.ts of a package whose runtime kind has a typed surface. */
export function boundDeclarations(b: Bindings): string {
  const client = stringLiteral(b.client);
  const list = (names: readonly string[]) => names.join(", ");
  const reexports =
    b.reexports.length === 0
      ? ""
      : `\nexport type { ${list(b.reexports)} } from ${client};\n`;
  const spec = b.spec
    .map(([member, type]) => `  readonly ${member}: ${type};\n`)
    .join("");
  const types = b.types
    .map(([name, type]) => `export type ${name} = ${type};\n`)
    .join("");
  // Destructured from Exports, so that an editor shows each member's documentation on the name.
  const values = b.values
    .map((v) => `export declare const { ${v} }: Exports;\n`)
    .join("");
  return `${codeHeader}import type { ${list(b.imports)} } from ${client};
import type { Surface } from ${stringLiteral(`${b.client}/runtime/${b.kind}`)};
${reexports}
${b.own}/** This spec's types, as the surface takes them. */
interface Spec {
${spec}}

${types}
/** The package's exports, documented on Surface.Exports. */
type Exports = Surface.Exports<Spec>;

${values}`;
}
