import type { CliData } from "../../../runtime/cli/types.js";

/**
 * A hand-written commands.json covering every kind of argument the CLI reads,
 * so the runtime is tested apart from any spec.
 */
export const data: CliData = {
  package: "@acme/cli",
  bin: "acme",
  env: {
    baseUrl: "ACME_URL",
    workspaceId: "ACME_WS",
    token: "ACME_TOKEN",
    workspaces: "ACME_WORKSPACES",
  },
  commandMap: {
    send: "send",
    send_async: "send --async",
    search: "search",
    publish: "publish",
    hidden: null,
  },
  commands: [
    {
      tool: "send",
      keyword: "send",
      usage: "send <to> <text>",
      summary: "Send a text",
      description: "Send a text and wait.",
      local: true,
      inputs: [
        {
          name: "to",
          option: null,
          required: true,
          schema: { type: "string", description: "Who gets it." },
        },
        {
          name: "text",
          option: null,
          required: true,
          schema: { type: "string" },
        },
        {
          name: "source_workspace_id",
          option: "source-workspace-id",
          required: false,
          schema: { type: "string" },
        },
      ],
    },
    {
      tool: "send_async",
      keyword: "send --async",
      usage: "send --async <to> <text>",
      summary: "Send a text without waiting",
      description: "Send a text, return at once.",
      local: false,
      inputs: [
        {
          name: "to",
          option: null,
          required: true,
          schema: { type: "string" },
        },
        {
          name: "text",
          option: null,
          required: true,
          schema: { type: "string" },
        },
      ],
    },
    {
      tool: "search",
      keyword: "search",
      usage: "search <query>",
      summary: "Search",
      description: "Search memories.",
      local: false,
      inputs: [
        {
          name: "query",
          option: null,
          required: true,
          schema: { type: "string" },
        },
        {
          name: "limit",
          option: "limit",
          required: false,
          schema: { type: "integer", description: "At most this many." },
        },
        {
          name: "min_score",
          option: "min-score",
          required: false,
          schema: { type: "number" },
        },
        {
          name: "exact",
          option: "exact",
          required: false,
          schema: { type: "boolean" },
        },
        {
          name: "scope",
          option: "scope",
          required: false,
          schema: {
            type: "string",
            enum: ["LOCAL", "TEAM", ""],
            default: "LOCAL",
          },
        },
        {
          name: "tags",
          option: "tags",
          required: false,
          schema: { type: "array", items: { type: "string" } },
        },
      ],
    },
    {
      tool: "publish",
      keyword: "publish",
      usage: "publish",
      summary: "Publish a card",
      description: "Publish a card.",
      local: false,
      inputs: [
        {
          name: "card",
          option: "card",
          required: true,
          schema: { type: "object", description: "The card." },
        },
      ],
    },
  ],
};
