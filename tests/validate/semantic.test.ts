import { describe, expect, it } from "vitest";
import {
  minimalVariant,
  readFixture,
  specProblems as problems,
} from "../helpers/project.js";

// Checks that need the whole spec, each on the minimal valid spec changed in one place.
const minimal = readFixture("valid", "minimal", "tools.yaml");

const variant = minimalVariant;

describe("the minimal spec", () => {
  it("has no problem, so each variant below shows only its own", () => {
    expect(problems(minimal)).toEqual([]);
  });
});

describe("target settings the packages would clash on", () => {
  it("refuses two packages with one name", () => {
    expect(
      problems(
        variant([
          'langchain: { package: "@acme/langchain" }',
          'langchain: { package: "@acme/client" }',
        ]),
      ),
    ).toEqual([
      "7:25: targets.langchain.package '@acme/client' is already targets.client.package: each needs its own package name",
    ]);
  });

  it("refuses the CLI's bin named as the MCP server's", () => {
    expect(problems(variant(["bin: acme }", "bin: acme-mcp }"]))).toEqual([
      "8:37: targets.cli.bin 'acme-mcp' is already targets.mcp.bin: each needs its own bin",
    ]);
  });

  it("refuses two client settings read from one environment variable", () => {
    expect(
      problems(
        variant(["workspace_id: ACME_WORKSPACE", "workspace_id: ACME_URL"]),
      ),
    ).toEqual([
      "5:46: targets.client.env.workspace_id 'ACME_URL' is already targets.client.env.base_url: each needs its own environment variable",
    ]);
  });

  it("refuses the MCP server's HTTP token read from the client's token variable", () => {
    const line = variant([
      "server_name: acme }",
      "server_name: acme, http_token_env: ACME_TOKEN }",
    ]);
    expect(problems(line)).toEqual([
      "6:82: targets.mcp.http_token_env 'ACME_TOKEN' is already targets.client.env.token: each needs its own environment variable",
    ]);
    expect(
      problems(
        variant([
          "server_name: acme }",
          "server_name: acme, http_token_env: ACME_MCP_TOKEN }",
        ]),
      ),
    ).toEqual([]);
  });
});

describe("tool names and renames", () => {
  it("refuses an HTTP tool whose client method would be then(): the client would look like a promise", () => {
    expect(problems(variant(["name: get_note", "name: then"]))).toEqual([
      "43:11: tool name 'then' would be the client's method then(), which makes the client look like a promise: rename it",
    ]);
  });

  it("lets a local tool be called then: it is no client method", () => {
    expect(problems(variant(["name: ping", "name: then"]))).toEqual([]);
  });

  // Every member of Object.prototype a tool name can become, and toJSON, which JSON.stringify calls.
  const objectMethods = [
    ...Object.getOwnPropertyNames(Object.prototype).filter((name) =>
      /^[a-zA-Z]/.test(name),
    ),
    "toJSON",
  ];
  /** The snake_case name a tool would have to become `name` in camelCase (to_j_s_o_n for toJSON). */
  const snake = (name: string) =>
    name.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);
  const named = objectMethods.flatMap((m) =>
    snake(m) === m
      ? [[m, m]]
      : [
          [m, m],
          [snake(m), m],
        ],
  );

  it.each(named)(
    "refuses an HTTP tool named %s: the client's method %s() would break it where it is printed or serialised",
    (name, method) => {
      expect(problems(variant(["name: get_note", `name: ${name}`]))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^43:11: tool name '${name}' would be the client's method ${method}\\(\\), which .+: rename it$`,
          ),
        ),
      ]);
    },
  );

  it.each(objectMethods)("lets a local tool be called %s", (name) => {
    expect(problems(variant(["name: ping", `name: ${name}`]))).toEqual([]);
  });

  it("refuses a tool renamed from itself, and one old name given to two tools", () => {
    expect(
      problems(
        variant(["renamed_from: [create_note]", "renamed_from: [add_note]"]),
      ),
    ).toEqual([
      "25:20: tool 'add_note': renamed_from 'add_note' is this tool's own name: a tool cannot be renamed from itself",
    ]);
    expect(
      problems(
        variant([
          "    short: Read a note.",
          "    renamed_from: [create_note]\n    short: Read a note.",
        ]),
      ),
    ).toEqual([
      "45:20: tool 'get_note': renamed_from 'create_note' is already an old name of 'add_note': one old name can lead to one tool only",
    ]);
  });
});

describe("a spec broken in some tools' structure", () => {
  it("still has its other tools checked, numbered and located as written", () => {
    const text = variant(
      ["    short: Add a note.", "    shrot: Add a note."],
      ["name: ping", "name: get_note"],
    );
    expect(problems(text)).toEqual([
      "26:5: tool 'add_note': unknown key 'shrot'; did you mean 'short'?",
      "57:11: tool 'get_note' is declared twice (first as tool 2)",
    ]);
  });

  it("still has the rest checked when a target is broken: only that target's settings are set aside", () => {
    const text = variant(
      [
        'langchain: { package: "@acme/langchain" }',
        'langchain: { pakage: "@acme/langchain" }',
      ],
      ["name: ping", "name: get_note"],
    );
    expect(problems(text)).toEqual([
      "7:16: 'targets.langchain': unknown key 'pakage'; did you mean 'package'?",
      "57:11: tool 'get_note' is declared twice (first as tool 2)",
    ]);
  });
});
