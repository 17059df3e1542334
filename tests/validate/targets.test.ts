import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  minimalVariant,
  repoRoot,
  specProblems as problems,
} from "../helpers/project.js";

// Which targets a spec declares, and what each one asks of the rest of the spec.

const variant = minimalVariant;

const CLI_TARGET = '  cli: { package: "@acme/cli", bin: acme }\n';
const MCP_TARGET =
  '  mcp: { package: "@acme/mcp", bin: acme-mcp, server_name: acme }\n';
const LANGCHAIN_TARGET = '  langchain: { package: "@acme/langchain" }\n';
const AI_SDK_TARGET = '  ai_sdk: { package: "@acme/ai-sdk" }\n';
const FUNCTION_CALLING_TARGET =
  '  function_calling: { package: "@acme/function-calling" }\n';
const CLIENT_TARGET =
  '  client:\n    package: "@acme/client"\n    env: { base_url: ACME_URL, workspace_id: ACME_WORKSPACE, token: ACME_TOKEN, workspaces: ACME_WORKSPACES }\n';

describe("the set of targets", () => {
  it("may be any non-empty one: the minimal spec without langchain, cli and docs has no problem", () => {
    const docs =
      '  docs:\n    package: "@acme/prompts"\n    preamble: You can use these tools.\n';
    expect(
      problems(variant([LANGCHAIN_TARGET, ""], [CLI_TARGET, ""], [docs, ""])),
    ).toEqual([]);
  });

  it("may not be empty", () => {
    const text = variant(
      [CLIENT_TARGET, ""],
      [MCP_TARGET, ""],
      [LANGCHAIN_TARGET, ""],
      [CLI_TARGET, ""],
      [
        '  docs:\n    package: "@acme/prompts"\n    preamble: You can use these tools.\n',
        "",
      ],
      ["targets:\n", "targets: {}\n"],
    );
    // Every target tools.schema.json knows, in its order.
    const schema = JSON.parse(
      fs.readFileSync(path.join(repoRoot, "tools.schema.json"), "utf8"),
    ) as { properties: { targets: { properties: object } } };
    const known = Object.keys(schema.properties.targets.properties);
    expect(known).toEqual(
      expect.arrayContaining(["ai_sdk", "function_calling"]),
    );
    expect(problems(text)).toEqual([
      `2:10: 'targets' is empty: declare at least one of ${known.join(", ")}`,
    ]);
  });

  it("refuses mcp, langchain and cli without client, each at its own key", () => {
    expect(problems(variant([CLIENT_TARGET, ""]))).toEqual([
      "3:3: targets.mcp needs targets.client: the MCP package calls the platform through the client package",
      "4:3: targets.langchain needs targets.client: the LangChain package calls the platform through the client package",
      "5:3: targets.cli needs targets.client: the CLI package calls the platform through the client package",
    ]);
  });

  it("refuses ai_sdk and function_calling without client, each at its own key", () => {
    const text = variant(
      [CLIENT_TARGET, ""],
      [MCP_TARGET, ""],
      [CLI_TARGET, ""],
      [LANGCHAIN_TARGET, AI_SDK_TARGET + FUNCTION_CALLING_TARGET],
    );
    expect(problems(text)).toEqual([
      "3:3: targets.ai_sdk needs targets.client: the AI SDK package calls the platform through the client package",
      "4:3: targets.function_calling needs targets.client: the function-calling package calls the platform through the client package",
    ]);
  });

  it("accepts ai_sdk and function_calling beside client, and refuses one package name for two", () => {
    const both = LANGCHAIN_TARGET + AI_SDK_TARGET + FUNCTION_CALLING_TARGET;
    expect(problems(variant([LANGCHAIN_TARGET, both]))).toEqual([]);
    expect(
      problems(
        variant([
          LANGCHAIN_TARGET,
          both.replace('"@acme/function-calling"', '"@acme/ai-sdk"'),
        ]),
      ),
    ).toEqual([
      "9:32: targets.function_calling.package '@acme/ai-sdk' is already targets.ai_sdk.package: each needs its own package name",
    ]);
  });

  it("still refuses a clash between two declared targets", () => {
    expect(
      problems(
        variant(
          [MCP_TARGET, ""],
          [LANGCHAIN_TARGET, ""],
          [CLI_TARGET, ""],
          ['package: "@acme/prompts"', 'package: "@acme/client"'],
        ),
      ),
    ).toEqual([
      "7:14: targets.docs.package '@acme/client' is already targets.client.package: each needs its own package name",
    ]);
  });
});

describe("CLI decisions without the cli target", () => {
  it("are not required: a tool in a section on the CLI may leave cli out", () => {
    expect(
      problems(variant([CLI_TARGET, ""], ["    cli: null\n", ""])),
    ).toEqual([]);
  });

  it("are ignored where declared: neither a broken usage nor a cli block outside a CLI section is checked", () => {
    expect(
      problems(
        variant(
          [CLI_TARGET, ""],
          ["usage: add <text>", "usage: <nothing> Add"],
          [
            "    local: true\n",
            "    local: true\n    cli: { usage: ping, summary: Ping }\n",
          ],
        ),
      ),
    ).toEqual([]);
  });

  it("are checked with the cli target: the same two are refused", () => {
    const text = variant(
      ["usage: add <text>", "usage: <nothing> Add"],
      [
        "    local: true\n",
        "    local: true\n    cli: { usage: ping, summary: Ping }\n",
      ],
    );
    expect(problems(text)).toEqual([
      "41:14: tool 'add_note': usage must start with a command keyword",
      "41:14: tool 'add_note': usage placeholder <nothing> is not an input of this tool (known: text, tag, workspace)",
      "41:24: tool 'add_note': usage keyword 'Add' comes after a placeholder: write the keywords and flags first",
      "63:5: tool 'ping': section 'misc' is not on the CLI (it has no cli block), so the tool cannot declare one",
    ]);
  });
});
