import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { SpecError, specInput } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { repoRoot } from "../helpers/project.js";
import { RUNS, seeded } from "../properties/settings.js";

// A property may have any name: one named after a JSON Schema keyword is a name, never a
// keyword (a map of properties compiled as a schema once crashed gen, exit 3, on `default` and
// `nullable`). Every keyword of drafts 7 to 2020-12, and OpenAPI's, as property names, in random
// sets, some with a default: gen writes every package, or refuses the spec with located
// problems, and never fails otherwise.
const KEYWORDS = [
  "$schema", "$id", "$ref", "$defs", "$anchor", "$comment", "$dynamicRef", "definitions",
  "type", "enum", "const", "default", "examples", "title", "description", "format",
  "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
  "exclusiveMaximum", "multipleOf", "items", "prefixItems", "additionalItems", "contains",
  "minItems", "maxItems", "uniqueItems", "properties", "patternProperties",
  "additionalProperties", "propertyNames", "required", "dependencies", "dependentRequired",
  "dependentSchemas", "minProperties", "maxProperties", "allOf", "anyOf", "oneOf", "not",
  "if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "nullable",
  "readOnly", "writeOnly", "deprecated", "discriminator", "contentMediaType",
] as const; // prettier-ignore

const TYPES = ["string", "integer", "boolean", "number"] as const;
const SAMPLE: Record<(typeof TYPES)[number], unknown> = {
  string: "x",
  integer: 3,
  boolean: true,
  number: 1.5,
};

function spec(
  names: readonly string[],
  withDefault: readonly boolean[],
): string {
  const properties = Object.fromEntries(
    names.map((name, k) => {
      const type = TYPES[k % TYPES.length]!;
      return [
        name,
        withDefault[k] ? { type, default: SAMPLE[type] } : { type },
      ];
    }),
  );
  return stringify({
    targets: {
      client: {
        package: "@acme/client",
        env: {
          base_url: "A_URL",
          workspace_id: "A_WS",
          token: "A_TOKEN",
          workspaces: "A_WSS",
        },
      },
      mcp: { package: "@acme/mcp", bin: "acme-mcp", server_name: "acme" },
      langchain: { package: "@acme/langchain" },
      docs: { package: "@acme/docs", preamble: "Hello." },
      python: { package: "acme-tools", module: "acme_tools" },
    },
    sections: [{ id: "s", heading: "S", label: "S" }],
    tools: [
      {
        name: "put_thing",
        section: "s",
        short: "Put a thing.",
        when_to_use: "When a thing must be put.",
        input: { type: "object", properties, required: names.slice(0, 1) },
        http: { method: "POST", path: "/things", body: [...names] },
      },
    ],
  });
}

function outcome(text: string): "written" | "refused" {
  try {
    generateFromDisk(specInput("tools.yaml", text, repoRoot), {
      cwd: repoRoot,
    });
    return "written";
  } catch (error) {
    if (error instanceof SpecError) return "refused";
    throw error;
  }
}

describe("properties named after schema keywords", () => {
  it("all at once, each with a default, are names", () => {
    expect(
      outcome(
        spec(
          KEYWORDS,
          KEYWORDS.map(() => true),
        ),
      ),
    ).toBe("written");
  });

  it("in any set, with or without defaults, never crash gen", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...KEYWORDS), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (names, withDefault) => {
          expect(outcome(spec(names, withDefault))).toBe("written");
        },
      ),
      seeded(RUNS * 5),
    );
  });
});
