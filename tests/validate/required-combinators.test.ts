import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../generator/model/types.js";
import { checkInputSchema } from "../../generator/validate/input-schema.js";
import { bindClient } from "../../runtime/client/index.js";
import type { ClientData } from "../../runtime/client/data.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant, specProblems } from "../helpers/project.js";

const contact = {
  email: { type: "string" },
  phone: { type: "string" },
};

/** The object schema with `contact`'s properties and `rest` beside them. */
const withContact = (rest: JsonObject): JsonObject => ({
  type: "object",
  properties: contact,
  ...rest,
});

describe("'required' inside anyOf, oneOf, allOf, not, if, then, else and dependencies", () => {
  it.each<[string, JsonObject]>([
    [
      "anyOf: at least one of",
      withContact({
        anyOf: [{ required: ["email"] }, { required: ["phone"] }],
      }),
    ],
    [
      "oneOf: exactly one of",
      withContact({
        oneOf: [{ required: ["email"] }, { required: ["phone"] }],
      }),
    ],
    ["allOf", withContact({ allOf: [{ required: ["email", "phone"] }] })],
    ["not", withContact({ not: { required: ["email", "phone"] } })],
    [
      "if, then, else",
      withContact({
        if: { properties: { email: { const: "" } } },
        then: { required: ["phone"] },
        else: { required: ["email"] },
      }),
    ],
    [
      "dependencies",
      withContact({ dependencies: { email: { required: ["phone"] } } }),
    ],
    [
      "a combinator inside a combinator",
      withContact({ anyOf: [{ allOf: [{ required: ["email"] }] }] }),
    ],
    [
      "a name of the subschema's own properties",
      withContact({
        anyOf: [
          { properties: { fax: { type: "string" } }, required: ["fax"] },
          { required: ["phone"] },
        ],
      }),
    ],
    [
      "a name of a combinator between the object and the required",
      withContact({
        anyOf: [
          {
            properties: { fax: { type: "string" } },
            oneOf: [{ required: ["fax"] }, { required: ["email"] }],
          },
        ],
      }),
    ],
    [
      "inside a nested object's property",
      {
        type: "object",
        properties: {
          who: withContact({
            anyOf: [{ required: ["email"] }, { required: ["phone"] }],
          }),
        },
      },
    ],
  ])("%s is accepted", (_, schema) => {
    expect(checkInputSchema(schema)).toEqual([]);
    expect(checkInputSchema(schema, "output")).toEqual([]);
  });

  it.each<[string, JsonObject, (string | number)[], string, string]>([
    [
      "a name known nowhere",
      withContact({
        anyOf: [{ required: ["emial"] }, { required: ["phone"] }],
      }),
      ["anyOf", 0, "required", 0],
      "emial",
      "email, phone",
    ],
    [
      "a name of a nested object's properties, required of the outer object",
      {
        type: "object",
        properties: { who: withContact({}) },
        anyOf: [{ required: ["email"] }],
      },
      ["anyOf", 0, "required", 0],
      "email",
      "who",
    ],
    [
      "an outer name, required of a nested object",
      withContact({
        properties: {
          ...contact,
          who: {
            type: "object",
            properties: { name: { type: "string" } },
            anyOf: [{ required: ["email"] }],
          },
        },
      }),
      ["properties", "who", "anyOf", 0, "required", 0],
      "email",
      "name",
    ],
    [
      "a name known nowhere, in dependencies",
      withContact({ dependencies: { email: { required: ["fax"] } } }),
      ["dependencies", "email", "required", 0],
      "fax",
      "email, phone",
    ],
    [
      "a name of a sibling subschema only",
      {
        type: "object",
        properties: {},
        anyOf: [
          { properties: { fax: { type: "string" } } },
          { required: ["fax"] },
        ],
      },
      ["anyOf", 1, "required", 0],
      "fax",
      "",
    ],
    [
      "an outer name, required of the array's items",
      withContact({
        properties: {
          ...contact,
          list: {
            type: "array",
            items: { type: "object", required: ["email"] },
          },
        },
      }),
      ["properties", "list", "items", "required", 0],
      "email",
      "",
    ],
    [
      "in a property named dependencies (a schema, not a map of them)",
      withContact({
        properties: {
          dependencies: {
            type: "object",
            properties: { name: { type: "string" } },
            required: ["email"],
          },
        },
      }),
      ["properties", "dependencies", "required", 0],
      "email",
      "name",
    ],
    [
      "in a property named anyOf (no combinator)",
      {
        type: "object",
        properties: {
          email: { type: "string" },
          anyOf: { type: "object", required: ["email"] },
        },
      },
      ["properties", "anyOf", "required", 0],
      "email",
      "",
    ],
  ])("%s is refused, at the name", (_, schema, path, name, known) => {
    const problems = checkInputSchema(schema);
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      [path, "required-not-a-property"],
    ]);
    const list = known ? ` (${known})` : "";
    expect(problems[0]!.message).toBe(
      `'required' names '${name}', which is not one of the properties${list}`,
    );
  });
});

/** The minimal spec's get_note with `email` and `phone` beside `id`, at least one of them required. */
const spec = minimalVariant(
  [
    "        id: { type: string }\n      required: [id]",
    [
      "        id: { type: string }",
      "        email: { type: string }",
      "        phone: { type: string }",
      "      required: [id]",
      "      anyOf: [{ required: [email] }, { required: [phone] }]",
    ].join("\n"),
  ],
  [
    "      headers: { X-Workspace: $workspace }",
    "      query: [email, phone]\n      headers: { X-Workspace: $workspace }",
  ],
  [
    "    cli: null\n  - name: ping",
    "    cli: { usage: note <id>, summary: Read a note }\n  - name: ping",
  ],
);

describe("a spec whose input requires one of two properties", () => {
  const generated = () =>
    generateFromDisk({ file: "tools.yaml", text: spec, dir: "/nonexistent" });
  const file = (path: string) =>
    generated().files.find((f) => f.path === path)!.content;

  it("generates", () => {
    expect(specProblems(spec)).toEqual([]);
  });

  it("the client's validateInput accepts either property and refuses neither", () => {
    const client = bindClient(
      JSON.parse(file("client/tools.json")) as ClientData,
    );
    expect(
      client.validateInput("get_note", { id: "1", email: "a@b.c" }),
    ).toEqual([]);
    expect(client.validateInput("get_note", { id: "1", phone: "5" })).toEqual(
      [],
    );
    // The combinator is the problem, not each branch's (the Python runtime says the same).
    expect(client.validateInput("get_note", { id: "1" })).toEqual([
      "the input must match at least one of the allowed forms",
    ]);
  });

  it("the schema every target lists (client, MCP, LangChain) keeps the anyOf", () => {
    const data = JSON.parse(file("client/tools.json")) as ClientData;
    const tool = data.tools.find((t) => t.name === "get_note")!;
    expect(tool.inputSchema.anyOf).toEqual([
      { required: ["email"] },
      { required: ["phone"] },
    ]);
  });

  it("neither becomes a required CLI option, nor a required property of the input type", () => {
    const commands = JSON.parse(file("cli/commands.json")) as {
      commands: {
        tool: string;
        inputs: { name: string; required: boolean }[];
      }[];
    };
    const inputs = commands.commands.find((c) => c.tool === "get_note")!.inputs;
    expect(inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["id"]);
    const types = file("client/index.d.ts");
    expect(types).toMatch(/email\?: string;/);
    expect(types).toMatch(/phone\?: string;/);
  });
});
