import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { readFixture } from "../helpers/project.js";

// The located errors of per-target views, variadic usages and cli.order, each on the views
// fixture (tests/fixtures/views/tools.yaml) changed in one place.
const views = readFixture("views", "tools.yaml");

/** The fixture with `from` replaced by `to` (once; `from` must be there). */
function variant(from: string, to: string): string {
  if (!views.includes(from))
    throw new Error(
      `the views fixture no longer holds ${JSON.stringify(from)}`,
    );
  return views.replace(from, to);
}

/** Every diagnostic generate() finds, as [code, line:col, message]. */
function problems(text: string): [string | undefined, string, string][] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
  } catch (e) {
    if (e instanceof SpecError)
      return e.diagnostics.map((d: Diagnostic) => [
        d.code,
        `${d.line}:${d.col}`,
        d.message,
      ]);
    throw e;
  }
  return [];
}

/** `line:col` (1-based) of the first `needle` after the first `after` in `text`. */
function placeOf(text: string, after: string, needle: string): string {
  const index = text.indexOf(needle, text.indexOf(after));
  const before = text.slice(0, index);
  return `${before.split("\n").length}:${index - before.lastIndexOf("\n")}`;
}

describe("the views fixture", () => {
  it("is valid, so each variant below shows only its own problem", () => {
    expect(problems(views)).toEqual([]);
  });
});

describe("hide", () => {
  it("names inputs of its tool only", () => {
    const text = variant("hide: [scope]", "hide: [scopes]");
    expect(problems(text)).toEqual([
      [
        "hidden-unknown-input",
        placeOf(text, "hide: [scopes]", "scopes"),
        "tool 'commit_memory', langchain.hide: 'scopes' is not an input of this tool (known: content, scope)",
      ],
    ]);
  });

  it("refuses a required input without a schema default", () => {
    const text = variant("          default: LOCAL\n", "");
    expect(problems(text)).toEqual([
      [
        "hidden-required-input",
        placeOf(text, "hide: [scope]", "scope"),
        "tool 'commit_memory', langchain.hide: 'scope' is required and has no default, so LangChain could never call the tool: give it a default in its schema or show it",
      ],
      [
        "hidden-required-input",
        placeOf(text, "mcp:\n      hide: [scope]", "scope"),
        "tool 'commit_memory', mcp.hide: 'scope' is required and has no default, so MCP could never call the tool: give it a default in its schema or show it",
      ],
      [
        "hidden-required-input",
        placeOf(text, "ai_sdk:\n      hide: [scope]", "scope"),
        "tool 'commit_memory', ai_sdk.hide: 'scope' is required and has no default, so the AI SDK could never call the tool: give it a default in its schema or show it",
      ],
      [
        "hidden-required-input",
        placeOf(text, "Others can recall it later.", "scope"),
        "tool 'commit_memory', function_calling.hide: 'scope' is required and has no default, so function calling could never call the tool: give it a default in its schema or show it",
      ],
      [
        "hidden-required-input",
        placeOf(text, "usage: remember", "scope"),
        "tool 'commit_memory', cli.hide: 'scope' is required and has no default, so the CLI could never call the tool: give it a default in its schema or show it",
      ],
    ]);
  });

  it("refuses, on the CLI, an input the usage takes as a placeholder", () => {
    const text = variant(
      "      usage: status <task_id>\n      summary: Show the state of a delegated task\n      hide: [source_workspace_id]",
      "      usage: status <task_id>\n      summary: Show the state of a delegated task\n      hide: [task_id]",
    );
    expect(problems(text)).toEqual([
      [
        "hidden-positional",
        placeOf(text, "hide: [task_id]", "task_id"),
        "tool 'check_task_status', cli.hide: 'task_id' is a placeholder of the usage <task_id>: take it out of the usage to hide it",
      ],
    ]);
  });

  it("on the CLI makes the input no option, so no option rule applies to it", () => {
    // delegate_task with an input named like the CLI's own --help, sent in the body.
    const withHelp = (hide: string) =>
      variant(
        "          description: The workspace to delegate from.\n      required: [workspace_id, task]\n    http:\n      method: POST\n      path: /workspaces/{$workspace}/delegate\n      route: source_workspace_id\n      body:\n        target_id: workspace_id\n        task: task\n",
        "          description: The workspace to delegate from.\n        help:\n          type: boolean\n      required: [workspace_id, task]\n    http:\n      method: POST\n      path: /workspaces/{$workspace}/delegate\n      route: source_workspace_id\n      body:\n        target_id: workspace_id\n        task: task\n        help: help\n",
      ).replace(
        "      summary: Send a task to a peer and wait for its answer\n      hide: [source_workspace_id]",
        `      summary: Send a task to a peer and wait for its answer\n      hide: [${hide}]`,
      );
    expect(problems(withHelp("source_workspace_id")).map((p) => p[0])).toEqual([
      "reserved-option",
    ]);
    expect(problems(withHelp("source_workspace_id, help"))).toEqual([]);
  });

  it("of the function definitions is read by the Python package too", () => {
    const text = variant(
      '  function_calling:\n    package: "@a2a/platform-function-calling"\n',
      "  python:\n    package: a2a-platform\n    module: a2a_platform\n",
    ).replace(
      "Others can recall it later.\n      hide: [scope]",
      "Others can recall it later.\n      hide: [scopes]",
    );
    expect(problems(text)).toEqual([
      [
        "hidden-unknown-input",
        placeOf(text, "hide: [scopes]", "scopes"),
        "tool 'commit_memory', function_calling.hide: 'scopes' is not an input of this tool (known: content, scope)",
      ],
    ]);
  });

  it("of a target the spec does not declare is ignored", () => {
    const text = variant(
      '  langchain:\n    package: "@a2a/platform-langchain"\n',
      "",
    ).replace("hide: [scope]", "hide: [nothing_of_the_kind]");
    expect(problems(text)).toEqual([]);
  });
});

describe("a variadic placeholder", () => {
  it("must be the usage's last", () => {
    const text = variant(
      "usage: delegate <workspace_id> <task...>",
      "usage: delegate <task...> <workspace_id>",
    );
    expect(problems(text)).toEqual([
      [
        "variadic-not-last",
        placeOf(text, "usage: delegate <task...>", "<task...>"),
        "tool 'delegate_task': usage placeholder <task...> takes the rest of the words, so it must be the last: <workspace_id> follows it",
      ],
    ]);
  });

  it("must name a string input", () => {
    const text = variant(
      "usage: status <task_id>",
      "usage: status <task_id...>",
    ).replace(
      "        task_id:\n          type: string",
      "        task_id:\n          type: integer",
    );
    expect(problems(text)).toEqual([
      [
        "variadic-not-string",
        placeOf(text, "usage: status", "<task_id...>"),
        "tool 'check_task_status': usage placeholder <task_id...> takes the rest of the words as one text, but input 'task_id' is no string",
      ],
    ]);
  });
});

describe("sections[].cli.order", () => {
  it("names only CLI commands of the section", () => {
    const text = variant(
      "        - list_peers\n",
      "        - list_peers\n        - commit_memory\n",
    );
    expect(problems(text)).toEqual([
      [
        "cli-order-unknown",
        placeOf(text, "- list_peers", "commit_memory"),
        "section 'a2a', cli.order: 'commit_memory' is no CLI command of this section (its commands: delegate_task, delegate_task_async, check_task_status, list_peers, get_workspace_info)",
      ],
    ]);
  });

  it("lists each once and leaves none out", () => {
    const text = variant(
      "        - get_workspace_info\n",
      "        - list_peers\n",
    );
    expect(problems(text)).toEqual([
      [
        "cli-order-incomplete",
        placeOf(text, "order:", "- list_peers"),
        "section 'a2a', cli.order leaves out 'get_workspace_info': list every CLI command of the section once",
      ],
      [
        "cli-order-incomplete",
        placeOf(text, "- check_task_status", "list_peers"),
        "section 'a2a', cli.order: 'list_peers' is listed twice",
      ],
    ]);
  });
});
