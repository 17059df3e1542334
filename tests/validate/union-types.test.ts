import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { bindClient } from "../../runtime/client/index.js";
import type { ClientData } from "../../runtime/client/data.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant } from "../helpers/project.js";

const TAG = "        tag: { type: string, enum: [a, b] }";

/** The minimal spec with add_note's `tag` of `schema`'s type. */
const specWith = (schema: string) =>
  minimalVariant([TAG, `        tag: ${schema}`]);

function run(text: string): {
  files?: Map<string, string>;
  errors: Diagnostic[];
} {
  try {
    const { files } = generateFromDisk({
      file: "tools.yaml",
      text,
      dir: "/nonexistent",
    });
    return {
      files: new Map(files.map((f) => [f.path, f.content])),
      errors: [],
    };
  } catch (e) {
    if (e instanceof SpecError) return { errors: [...e.diagnostics] };
    throw e;
  }
}

describe("union types (type: [a, b])", () => {
  it.each([
    "{ type: [string, number] }",
    "{ type: [string, number], minLength: 1, maximum: 10 }",
    "{ type: [integer, boolean, 'null'], default: 3 }",
    "{ type: [array, string], items: { type: string } }",
  ])("%s generates", (schema) => {
    expect(run(specWith(schema)).errors).toEqual([]);
  });

  it("a misspelt type in the list is still refused, once, at that type", () => {
    const text = specWith("{ type: [string, numbr] }");
    const { errors } = run(text);
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ["invalid-json-schema", expect.stringContaining("'type' must be one of")],
    ]);
    const line = text.split("\n")[errors[0]!.line! - 1]!;
    expect(line.slice(errors[0]!.col! - 1)).toMatch(/^numbr\]/);
  });

  it("a default that fits none of the types is refused", () => {
    const { errors } = run(
      specWith("{ type: [string, number], default: true }"),
    );
    expect(errors.map((e) => e.code)).toEqual(["default-not-in-schema"]);
  });

  it("the client types and validates the input as either type", () => {
    const { files } = run(specWith("{ type: [string, number] }"));
    expect(files!.get("client/index.d.ts")).toMatch(/tag\?: string \| number;/);
    const client = bindClient(
      JSON.parse(files!.get("client/tools.json")!) as ClientData,
    );
    expect(client.validateInput("add_note", { text: "x", tag: "a" })).toEqual(
      [],
    );
    expect(client.validateInput("add_note", { text: "x", tag: 5 })).toEqual([]);
    expect(client.validateInput("add_note", { text: "x", tag: true })).toEqual([
      "tag must be a string or a number",
    ]);
  });
});
