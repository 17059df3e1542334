import { vary, type CorpusCase } from "./base.js";

/** Well-formed YAML that is not a valid spec: its shape, or an input schema that is not JSON Schema. */
export const structureCases: CorpusCase[] = [
  { name: "wrong-type-list-for-text", spec: vary(["short: Add a note.", "short: [Add, a, note]"]), exit: 2, says: "must be a string, not a list" },
  { name: "wrong-type-text-for-mapping", spec: vary(["input: { type: object, properties: {} }", "input: none"]), exit: 2, says: "must be a mapping" },
  { name: "missing-required-field", spec: vary(["    when_to_use: When in doubt.\n", ""]), exit: 2, says: "is missing the required key 'when_to_use'" },
  { name: "missing-targets", spec: vary(["targets:\n", "targetz:\n"]), exit: 2, says: "did you mean 'targets'?" },
  { name: "unknown-key-suggested", spec: vary(["when_to_use: When in doubt.", "when_to_sue: When in doubt."]), exit: 2, says: "did you mean 'when_to_use'?" },
  { name: "unknown-http-method", spec: vary(["method: GET", "method: FETCH"]), exit: 2, says: "must be one of" },
  { name: "multi-line-short", spec: vary(["short: Add a note.", 'short: "Add a note.\\nAnd more."']), exit: 2, says: "must be a single line" },
  { name: "schema-unknown-type", spec: vary(["id: { type: string }", "id: { type: strin }"]), exit: 2, says: "'type' must be one of" },
  { name: "schema-bad-keyword-value", spec: vary(["id: { type: string }", "id: { type: string, minLength: -1 }"]), exit: 2, says: "'minLength' must be >= 0" },
  { name: "schema-misspelt-keyword", spec: vary(["id: { type: string }", "id: { type: string, fromat: uuid }"]), exit: 2, says: "did you mean 'format'?" },
  { name: "schema-unknown-format", spec: vary(["id: { type: string }", "id: { type: string, format: uuidd }"]), exit: 2, says: "did you mean 'uuid'?" },
  {
    name: "schema-ref-cycle",
    spec: vary([
      "input: { type: object, properties: {} }",
      "input: { type: object, properties: { a: { $ref: '#/definitions/x' } }, definitions: { x: { $ref: '#/definitions/y' }, y: { $ref: '#/definitions/x' } } }",
    ]),
    exit: 2,
    says: "goes round in a circle",
  },
  { name: "schema-ref-missing", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { a: { $ref: '#/definitions/nope' } } }"]), exit: 2, says: "points at nothing" },
  { name: "schema-ref-remote", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { a: { $ref: 'http://127.0.0.1:9/x.json' } } }"]), exit: 2, says: "may only point inside this input schema" },
  { name: "schema-default-misfit", spec: vary(["id: { type: string }", "id: { type: string, default: 3 }"]), exit: 2, says: "the default 3 does not fit its own schema" },
  { name: "schema-enum-misfit", spec: vary(["enum: [a, b]", "enum: [a, 1.10]"]), exit: 2, says: "enum value 1.1 does not fit its own schema" },
  { name: "schema-required-unknown", spec: vary(["required: [id]", "required: [id, nope]"]), exit: 2, says: "'required' names 'nope'" },
  { name: "schema-required-in-anyof", spec: vary(["required: [text]", "required: [text]\n      anyOf: [{ required: [tag] }, { required: [workspace] }]"]), exit: 0 },
  { name: "schema-required-in-anyof-unknown", spec: vary(["required: [text]", "required: [text]\n      anyOf: [{ required: [tags] }, { required: [workspace] }]"]), exit: 2, says: "'required' names 'tags'" },
  { name: "schema-default-infinite", spec: vary(["tag: { type: string, enum: [a, b] }", "tag: { type: number, default: .inf }"]), exit: 2, says: "'default' is infinite (.inf), which JSON cannot hold" },
  { name: "schema-enum-nan", spec: vary(["enum: [a, b]", "enum: [a, .nan]"]), exit: 2, says: "'enum.1' is NaN (.nan), which JSON cannot hold" },
  { name: "schema-union-type", spec: vary(["tag: { type: string, enum: [a, b] }", "tag: { type: [string, number] }"]), exit: 0 },
  { name: "schema-not-an-object", spec: vary(["input: { type: object, properties: {} }", "input: { type: string }"]), exit: 2, says: "must be \"object\"" },
];
