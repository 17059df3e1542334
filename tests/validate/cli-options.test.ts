import { describe, expect, it } from "vitest";
import { specProblems as problems } from "../helpers/project.js";
import { generateFromDisk } from "../helpers/generate.js";

const spec = (properties: string, usage = "run", required = "[]") => `
targets:
  client:
    package: "@c/client"
    env: { base_url: C_URL, workspace_id: C_WS, token: C_TOKEN, workspaces: C_WORKSPACES }
  mcp: { package: "@c/mcp", bin: c-mcp, server_name: c }
  langchain: { package: "@c/langchain" }
  cli: { package: "@c/cli", bin: c }
  docs: { package: "@c/prompts", preamble: Tools. }
sections:
  - { id: s, heading: S, label: S, cli: { intro: "Shell:" } }
tools:
  - name: go
    section: s
    short: Go.
    when_to_use: Always.
    input:
      type: object
      properties: {${properties}}
      required: ${required}
    http: { method: GET, path: /go, query: [${properties.replace(/:[^,]*\}/g, "").replace(/[{} ]/g, "")}] }
    cli: { usage: ${usage}, summary: Run }
  - name: go_all
    section: s
    short: Go everywhere.
    when_to_use: Rarely.
    input: { type: object, properties: {} }
    http: { method: GET, path: /go-all }
    cli: { usage: run --all, summary: Run everywhere }
`;

describe("CLI option names", () => {
  it("accepts options that take no name twice", () => {
    expect(
      problems(spec("limit: { type: integer }, source_id: { type: string }")),
    ).toEqual([]);
  });

  it("refuses an input that would shadow --json or --help, or a flag word that selects a command", () => {
    expect(
      problems(
        spec(
          "json: { type: string }, all: { type: string }, help: { type: string }",
        ),
      ),
    ).toEqual([
      "19:20: tool 'go', input 'json' would be the CLI option --json, which every command keeps for itself: rename it, or take it as a <json> in the usage",
      "19:44: tool 'go', input 'all' would be the CLI option --all, which already selects the command 'run --all': rename it, or take it as a <all> in the usage",
      "19:67: tool 'go', input 'help' would be the CLI option --help, which every command keeps for itself: rename it, or take it as a <help> in the usage",
    ]);
  });

  it("refuses two inputs that share an option", () => {
    expect(
      problems(spec("min_score: { type: string }, minScore: { type: string }")),
    ).toEqual([
      "19:49: tool 'go': inputs 'minScore' and 'min_score' both become the CLI option --min-score: rename one",
    ]);
  });

  it("refuses an input whose option a boolean's --no- form already takes, and only for a boolean", () => {
    expect(
      problems(
        spec("verbose: { type: boolean }, no_verbose: { type: boolean }"),
      ),
    ).toEqual([
      "19:48: tool 'go', input 'no_verbose' would be the CLI option --no-verbose, which already turns off the boolean 'verbose': rename it",
    ]);
    expect(
      problems(
        spec(
          "verbose: { type: [boolean, 'null'] }, no_verbose: { type: string }",
        ),
      ),
    ).toHaveLength(1);
    expect(
      problems(
        spec("verbose: { type: string }, no_verbose: { type: boolean }"),
      ),
    ).toEqual([]);
  });
});

describe("CLI usage lines", () => {
  it("refuses --json and --help as flag words of a usage", () => {
    expect(
      problems(spec("text: { type: string }", "run --json <text>", "[text]")),
    ).toEqual([
      "22:23: tool 'go': usage flag '--json' is an option every command keeps for itself: choose another word",
    ]);
  });

  it("refuses an optional input as a positional argument, which could never be left out", () => {
    expect(
      problems(
        spec(
          "text: { type: string }, tag: { type: string }",
          "run <text> <tag>",
          "[text]",
        ),
      ),
    ).toEqual([
      "22:30: tool 'go': usage placeholder <tag> is an optional input, but a positional argument must always be given: make 'tag' required, or leave it to its --tag option",
    ]);
  });
});

describe("CLI commands that begin alike", () => {
  it("warn where one command's words begin another's, whose first argument then needs --", () => {
    const text = `${spec("text: { type: string }", "run <text>", "[text]")}  - name: go_extra
    section: s
    short: Go further.
    when_to_use: Later.
    input: { type: object, properties: {} }
    http: { method: GET, path: /go-extra }
    cli: { usage: run extra, summary: Run further }
`;
    const { warnings } = generateFromDisk({
      file: "tools.yaml",
      text,
      dir: "/nonexistent",
    });
    expect(
      warnings.map((w) => `${w.severity} ${w.line}:${w.col}: ${w.message}`),
    ).toEqual([
      "warning 36:19: tool 'go_extra': command 'run extra' begins like command 'run <text>': there, a <text> of 'extra' must be written after -- (c run -- extra)",
    ]);
  });
});
