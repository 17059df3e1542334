/** A path into the spec's value: keys and array indexes, from the root. */
export type JsonPath = readonly (string | number)[];

/** Where something is written in a text: 1-based line and column, and how many characters. */
export interface Place {
  readonly line: number;
  readonly col: number;
  readonly length: number;
}
