/**
 * The shape of the generated function-calling/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/function-calling/) with this type and dispatch reads. The tools themselves
 * (names, descriptions, input schemas, which are local) are not repeated: the generated index.js
 * passes in the client package's `tools`, so each input schema is written once.
 */
export interface FunctionCallingData {
  /** A former name → the tool's current name, so that a model still calling one is told. */
  readonly renamed: Readonly<Record<string, string>>;
}
