import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withSchemas } from "../../../runtime/cli/load.js";
import type { CommandsData } from "../../../runtime/cli/data.js";
import { loadToolTable as loadLangchainTable } from "../../../runtime/langchain/load.js";
import type { LangchainData } from "../../../runtime/langchain/data.js";
import type { McpData } from "../../../runtime/mcp/data.js";
import { loadToolTable } from "../../../runtime/mcp/table.js";
import type { ToolInfo } from "../../../runtime/shared/data.js";
import { resolveViews } from "../../../runtime/shared/views.js";
import { tempDir } from "../../helpers/temp.js";

// Each input schema is written once, in the client package's tools.json; the MCP, LangChain and
// CLI runtimes receive the client's `tools` and join them to their own data files.
const schema = {
  type: "object",
  properties: {
    text: { type: "string", description: "The note." },
    constructor: { type: "boolean" },
  },
  required: ["text"],
};
const tools: readonly ToolInfo[] = [
  {
    name: "add_note",
    section: "notes",
    short: "Add a note.",
    inputSchema: schema,
    outputSchema: null,
    local: false,
    views: resolveViews({ short: "Add a note." }),
  },
  {
    name: "ping",
    section: "misc",
    short: "Check that the runtime answers.",
    inputSchema: { type: "object" },
    outputSchema: null,
    local: true,
    views: resolveViews({ short: "Check that the runtime answers." }),
  },
];

const folder = tempDir("toolgen-client-tools-");
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
function dataFile(name: string, data: object): URL {
  const file = path.join(folder, name);
  fs.writeFileSync(file, JSON.stringify(data));
  return new URL(`file://${file}`);
}

describe("the MCP table", () => {
  const data: McpData = {
    server: {
      name: "acme",
      version: "1.2.3",
      bin: "acme-mcp",
      environment: {
        baseUrl: "U",
        workspaceId: "W",
        token: "T",
        workspaces: "WS",
      },
      httpTokenEnv: null,
    },
    renamed: { create_note: "add_note" },
    listing: {},
  };
  const table = loadToolTable(dataFile("mcp.json", data), {
    tools,
    validate: () => [],
    withDefaults: (_, input) => input,
    validateOutput: () => [],
    sdks: {},
    instructions: null,
  });

  it("lists the client's tools as MCP lists them: name, description, input schema, in that order", () => {
    expect(JSON.stringify(table.tools)).toBe(
      JSON.stringify([
        { name: "add_note", description: "Add a note.", inputSchema: schema },
        {
          name: "ping",
          description: "Check that the runtime answers.",
          inputSchema: { type: "object" },
        },
      ]),
    );
    expect(table.local).toEqual(["ping"]);
    expect(table.server).toEqual({ ...data.server, instructions: null });
    expect(table.renamed).toEqual(data.renamed);
  });
});

describe("the LangChain tool data", () => {
  const data: LangchainData = {
    sections: ["notes", "misc"],
    tools: [
      { name: "add_note", whenToUse: "Often.", renamedFrom: ["create_note"] },
      { name: "ping", whenToUse: "Rarely.", renamedFrom: [] },
    ],
  };
  const joined = loadLangchainTable(dataFile("langchain.json", data), tools);

  it("joins tools.json to the client's tools, by name", () => {
    expect(joined.sections).toEqual(["notes", "misc"]);
    expect(joined.tools).toEqual([
      {
        name: "add_note",
        section: "notes",
        description: "Add a note.",
        whenToUse: "Often.",
        local: false,
        renamedFrom: ["create_note"],
        inputSchema: schema,
        hidden: [],
      },
      {
        name: "ping",
        section: "misc",
        description: "Check that the runtime answers.",
        whenToUse: "Rarely.",
        local: true,
        renamedFrom: [],
        inputSchema: { type: "object" },
        hidden: [],
      },
    ]);
    expect(Object.isFrozen(joined.tools[0])).toBe(true);
  });
});

describe("a tool's per-target views, as the client resolves them", () => {
  // MCP and LangChain each show their own description and leave out the inputs they hide.
  const viewed: readonly ToolInfo[] = [
    {
      ...tools[0]!,
      views: resolveViews({
        short: tools[0]!.short,
        views: {
          mcp: { description: "Add a note (MCP).", hide: ["constructor"] },
          langchain: { description: "Add a note (LangChain)." },
          functionCalling: { hide: ["constructor"] },
        },
      }),
    },
  ];

  it("resolves each view once: a block's description and hidden inputs, else the tool's short and none", () => {
    expect(viewed[0]!.views).toEqual({
      mcp: { description: "Add a note (MCP).", hidden: ["constructor"] },
      langchain: { description: "Add a note (LangChain).", hidden: [] },
      aiSdk: { description: tools[0]!.short, hidden: [] },
      functionCalling: {
        description: tools[0]!.short,
        hidden: ["constructor"],
      },
      cli: { description: tools[0]!.short, hidden: [] },
    });
    expect(Object.isFrozen(viewed[0]!.views.mcp.hidden)).toBe(true);
  });
  const without = (name: string) => ({
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties).filter(([key]) => key !== name),
    ),
  });

  it("MCP lists its own description and the schema without its hidden inputs", () => {
    const table = loadToolTable(
      dataFile("mcp-views.json", { server: {}, renamed: {}, listing: {} }),
      {
        tools: viewed,
        validate: () => [],
        withDefaults: (_, input) => input,
        validateOutput: () => [],
        sdks: {},
        instructions: null,
      },
    );
    expect(table.tools[0]!.description).toBe(viewed[0]!.views.mcp.description);
    expect(table.tools[0]!.inputSchema).toEqual(without("constructor"));
    expect(table.hidden).toEqual({ add_note: ["constructor"] });
  });

  it("LangChain its own description and the whole schema, as it hides nothing", () => {
    const joined = loadLangchainTable(
      dataFile("langchain-views.json", { sections: ["notes"], tools: [] }),
      viewed,
    );
    expect(joined.tools[0]!.description).toBe(
      viewed[0]!.views.langchain.description,
    );
    expect(joined.tools[0]!.inputSchema).toEqual(schema);
    expect(joined.tools[0]!.hidden).toEqual([]);
  });
});

describe("the CLI's commands", () => {
  const data: CommandsData = {
    package: "@acme/cli",
    bin: "acme",
    env: { baseUrl: "U", workspaceId: "W", token: "T", workspaces: "WS" },
    commandMap: { add_note: "add", ping: "ping" },
    commands: [
      {
        tool: "add_note",
        keyword: "add",
        usage: "add <text>",
        summary: "Add",
        description: "Add a note.",
        local: false,
        inputs: [
          { name: "text", option: null, required: true },
          { name: "constructor", option: "constructor", required: false },
        ],
      },
      {
        tool: "ping",
        keyword: "ping",
        usage: "ping",
        summary: "Ping",
        description: "Check that the runtime answers.",
        local: true,
        inputs: [{ name: "toString", option: "to-string", required: false }],
      },
    ],
  };
  const joined = withSchemas(data, tools);

  it("gives each input its schema from its tool's input schema", () => {
    expect(joined.commands[0]!.inputs.map((i) => i.schema)).toEqual([
      { type: "string", description: "The note." },
      { type: "boolean" },
    ]);
  });

  it("gives an input that its schema does not declare an empty schema", () => {
    expect(joined.commands[1]!.inputs[0]!.schema).toEqual({});
  });

  it("keeps everything else of commands.json", () => {
    const { commands, ...rest } = joined;
    const { commands: written, ...writtenRest } = data;
    expect(rest).toEqual(writtenRest);
    expect(
      commands.map(({ inputs, ...c }) => ({
        ...c,
        inputs: inputs.map(({ schema: _, ...i }) => i),
      })),
    ).toEqual(written);
  });
});
