import { unique } from "./openapi-names.js";

type Schema = Record<string, unknown> | boolean;

/**
 * A tool's input built from an operation's parameters and body: each takes its own name, and a
 * later one whose name is taken gets its location after it (`id` of the body beside a path's
 * `id` becomes `id_body`); the binding maps the request's field to that input.
 */
export class InputBuilder {
  private readonly properties: Record<string, Schema> = {};
  private readonly required: string[] = [];
  private readonly taken = new Set<string>();

  /** Adds an input and returns the name it got. */
  add(
    wanted: string,
    where: string,
    schema: Schema,
    required: boolean,
  ): string {
    const name = this.taken.has(wanted)
      ? unique(`${wanted}_${where}`, this.taken)
      : wanted;
    this.taken.add(name);
    Object.defineProperty(this.properties, name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (required) this.required.push(name);
    return name;
  }

  /** The input schema: `$schema` (3.1's dialect), properties, required, `$defs`. */
  schema(
    dialect: string | null,
    defs: Record<string, Schema>,
  ): Record<string, unknown> {
    return {
      ...(dialect === null ? {} : { $schema: dialect }),
      type: "object",
      properties: this.properties,
      ...(this.required.length === 0 ? {} : { required: this.required }),
      ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
    };
  }
}
