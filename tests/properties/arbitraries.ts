import fc from "fast-check";
import { stringify } from "yaml";
import { kebabCase } from "../../generator/model/names.js";
import { HIDDEN } from "../../generator/diagnostics/hidden.js";

/** Pieces that break careless escaping and the layout, mixed into random Unicode. */
const tricky = [
  "*/",
  "/*",
  "`",
  "${",
  "}",
  '"',
  "'",
  "\\",
  "\\n",
  "{{",
  "}}",
  "#",
  "```",
  "<!--",
  "全角",
  "😀",
  "👍🏽",
  "e\u0301",
  " ",
  "  ",
  "x".repeat(90),
];

/** Visible text: random graphemes and tricky pieces, never an invisible character. */
function text(options: {
  oneLine: boolean;
  maxLength?: number;
}): fc.Arbitrary<string> {
  const unit = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
    },
    { weight: 2, arbitrary: fc.constantFrom(...tricky) },
    ...(options.oneLine
      ? []
      : [fc.constantFrom("\n", "\r\n", "\r", "\u2028", "\u2029", "\n\n")]),
  );
  return fc
    .array(unit, { minLength: 1, maxLength: options.maxLength ?? 8 })
    .map((parts) => parts.join(""))
    .filter(
      (t) =>
        !HIDDEN.test(t) &&
        (!options.oneLine || !/[\n\r\u2028\u2029]/.test(t)) &&
        t.trim().length > 0,
    );
}

const line = text({ oneLine: true });
const paragraph = text({ oneLine: false });

/** Identifier-shaped names; the x prefix keeps clear of every name the generated code reserves. */
const toolName = fc.stringMatching(/^x[a-z0-9]{0,6}(_[a-z0-9]{1,5}){0,2}$/);
const simpleProperty = fc.stringMatching(
  /^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,4})?$/,
);
/** Names valid in JSON Schema that generated code must quote or compute. */
const oddProperty = fc.constantFrom(
  "hasOwnProperty",
  "constructor",
  "toString",
  "a.b",
  "with space",
  "naïve",
  "$dollar",
  "0lead",
  "default",
  "delete",
);

type Schema = Record<string, unknown>;

/** A JSON Schema for one value: scalars with enums and defaults, arrays, nested objects. */
const valueSchema: fc.Arbitrary<Schema> = fc.letrec<{ value: Schema }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.record(
        { type: fc.constant("string"), description: paragraph },
        { requiredKeys: ["type"] },
      ),
      fc.uniqueArray(line, { minLength: 1, maxLength: 5 }).chain((values) =>
        fc.record(
          {
            type: fc.constant("string"),
            enum: fc.constant(values),
            default: fc.constantFrom(...values),
          },
          { requiredKeys: ["type", "enum"] },
        ),
      ),
      fc.record(
        {
          type: fc.constant("integer"),
          minimum: fc.integer({ min: -5, max: 0 }),
          default: fc.integer({ min: 0, max: 1_000_000 }),
        },
        { requiredKeys: ["type"] },
      ),
      fc
        .uniqueArray(fc.integer({ min: -100_000, max: 100_000 }), {
          minLength: 1,
          maxLength: 40,
        })
        .map((values): Schema => ({ type: "integer", enum: values })),
      fc.record(
        {
          type: fc.constant("number"),
          maximum: fc.double({ min: 0, max: 1e6, noNaN: true }),
        },
        { requiredKeys: ["type"] },
      ),
      fc.record(
        { type: fc.constant("boolean"), default: fc.boolean() },
        { requiredKeys: ["type"] },
      ),
      tie("value").map((items): Schema => ({ type: "array", items })),
      fc.constantFrom<Schema>(
        { type: ["string", "null"] },
        { type: "string", format: "date-time" },
        { type: "string", pattern: "^[a-z]+$", minLength: 1, maxLength: 40 },
        { type: "object", additionalProperties: { type: "string" } },
        { anyOf: [{ type: "string" }, { type: "integer" }] },
        { type: "integer", const: 2 },
        {
          type: "array",
          items: { type: "string", enum: ["a", "b"] },
          uniqueItems: true,
          minItems: 1,
        },
      ),
      objectSchema(tie("value"), fc.oneof(simpleProperty, oddProperty)),
    ),
  }),
).value;

function objectSchema(
  value: fc.Arbitrary<Schema>,
  names: fc.Arbitrary<string>,
): fc.Arbitrary<Schema> {
  return fc
    .uniqueArray(fc.tuple(names, value, fc.boolean()), {
      maxLength: 4,
      selector: ([n]) => n,
    })
    .map((props): Schema => {
      const required = props.filter(([, , r]) => r).map(([n]) => n);
      return {
        type: "object",
        properties: Object.fromEntries(props.map(([n, s]) => [n, s])),
        ...(required.length ? { required } : {}),
      };
    });
}

interface ToolPlan {
  name: string;
  short: string;
  when: string;
  inputs: [name: string, schema: Schema, required: boolean][];
  kind: "local" | "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  routed: boolean;
  onCli: boolean;
}

const toolPlan = (cliSafe: boolean): fc.Arbitrary<ToolPlan> =>
  fc.record({
    name: toolName,
    short: line,
    when: paragraph,
    // Inputs of a CLI tool become --options: plain names, none sharing a kebab-case form.
    inputs: fc.uniqueArray(
      fc.tuple(
        cliSafe ? simpleProperty : fc.oneof(simpleProperty, oddProperty),
        valueSchema,
        fc.boolean(),
      ),
      {
        maxLength: 4,
        selector: ([n]) => kebabCase(n),
      },
    ),
    kind: fc.constantFrom("local", "GET", "POST", "PUT", "PATCH", "DELETE"),
    routed: fc.boolean(),
    onCli: fc.constant(cliSafe),
  });

/** A whole valid spec as YAML, its package names under `@<scope>/`, and the input schema of each tool. */
export function specArbitrary(scope: string): fc.Arbitrary<{
  yaml: string;
  inputs: Record<string, Schema>;
  shorts: Record<string, string>;
}> {
  return fc
    .record({
      preamble: paragraph,
      heading: line,
      footer: fc.option(paragraph, { nil: undefined }),
      tools: fc.uniqueArray(fc.oneof(toolPlan(false), toolPlan(true)), {
        minLength: 1,
        maxLength: 5,
        selector: (t) => t.name.replace(/_/g, "").toLowerCase(),
      }),
    })
    .map(({ preamble, heading, footer, tools }) => {
      const spec = {
        targets: {
          client: {
            package: `@${scope}/client`,
            env: {
              base_url: "P_URL",
              workspace_id: "P_WS",
              token: "P_TOKEN",
              workspaces: "P_WORKSPACES",
            },
          },
          mcp: {
            package: `@${scope}/mcp`,
            bin: `${scope}-mcp`,
            server_name: scope,
          },
          langchain: { package: `@${scope}/langchain` },
          cli: { package: `@${scope}/cli`, bin: scope },
          docs: { package: `@${scope}/prompts`, preamble },
        },
        sections: [
          {
            id: "plain",
            heading,
            label: "Plain",
            ...(footer ? { footer } : {}),
          },
          {
            id: "shell",
            heading: "Shell",
            label: "Shell",
            cli: { intro: "From the shell:" },
          },
        ],
        tools: tools.map((t, i) => toolSpec(t, i)),
      };
      const inputs = Object.fromEntries(
        spec.tools.map((t) => [t.name, t.input]),
      );
      const shorts = Object.fromEntries(
        spec.tools.map((t) => [t.name, t.short]),
      );
      return { yaml: stringify(spec, { lineWidth: 0 }), inputs, shorts };
    });
}

function toolSpec(t: ToolPlan, i: number) {
  const names = t.inputs.map(([n]) => n);
  const required = t.inputs.filter(([, , r]) => r).map(([n]) => n);
  const input = {
    type: "object",
    properties: Object.fromEntries(t.inputs.map(([n, s]) => [n, s])),
    ...(required.length ? { required } : {}),
  };
  const base = {
    name: t.name,
    section: t.onCli ? "shell" : "plain",
    short: t.short,
    when_to_use: t.when,
    input,
  };
  const cli = t.onCli
    ? {
        cli:
          i % 3 === 2
            ? null
            : {
                usage: `c${i}${required.length ? ` <${required[0]}>` : ""}`,
                summary: t.short,
              },
      }
    : {};
  if (t.kind === "local") return { ...base, local: true as const, ...cli };
  // A required string input may sit in the path; the rest go in the query or the body.
  const inPath = t.inputs.find(
    ([n, s, r]) => r && s.type === "string" && /^[a-z0-9_]+$/.test(n),
  )?.[0];
  const route = t.routed
    ? t.inputs.find(([n, s]) => n !== inPath && s.type === "string")?.[0]
    : undefined;
  const rest = names.filter((n) => n !== inPath && n !== route);
  const hasBody = t.kind !== "GET" && t.kind !== "DELETE";
  const http = {
    method: t.kind,
    path: `/w/{$workspace}/r${i}${inPath ? `/{${inPath}}` : ""}`,
    ...(route ? { route } : {}),
    ...(rest.length ? (hasBody ? { body: rest } : { query: rest }) : {}),
    headers: { "X-Const": { const: i } },
  };
  return { ...base, http, ...cli };
}
