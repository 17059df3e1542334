import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { bindClient } from "../../runtime/client/index.js";
import type { ClientData } from "../../runtime/client/data.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant } from "../helpers/project.js";

// `$schema` picks the JSON Schema dialect an input schema is checked and validated in: draft
// 2020-12 (MCP's default dialect) and 2019-09 by ajv's classes for them, in toolgen and in the
// generated client alike.

const INPUT = "    input:\n      type: object\n";

/** The minimal spec whose add_note input declares `$schema`, and asks for `workspace` with `tag` (dependentRequired, 2019-09 on). */
const specIn = (dialect: string) =>
  minimalVariant([
    INPUT,
    `    input:\n      $schema: "${dialect}"\n      dependentRequired: { tag: [workspace] }\n      type: object\n`,
  ]);

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

describe("the dialect a schema declares", () => {
  it.each([
    "https://json-schema.org/draft/2020-12/schema",
    "https://json-schema.org/draft/2019-09/schema",
  ])(
    "%s: checked by toolgen and validated by the client in that dialect",
    (dialect) => {
      const { files, errors } = run(specIn(dialect));
      expect(errors).toEqual([]);
      const client = bindClient(
        JSON.parse(files!.get("client/tools.json")!) as ClientData,
      );
      // dependentRequired is a keyword of 2019-09 and later: the client enforces it.
      expect(
        client.validateInput("add_note", {
          text: "x",
          tag: "a",
          workspace: "w",
        }),
      ).toEqual([]);
      expect(
        client.validateInput("add_note", { text: "x", tag: "a" }),
      ).not.toEqual([]);
    },
  );

  it("a $schema ajv does not know is refused, located at it", () => {
    const text = specIn("https://example.com/my-dialect");
    const { errors } = run(text);
    expect(errors).toHaveLength(1);
    const line = text.split("\n")[errors[0]!.line! - 1]!;
    expect(line.trim()).toMatch(/^\$schema:/);
  });
});
