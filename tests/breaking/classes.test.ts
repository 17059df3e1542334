import { describe, expect, it } from "vitest";
import { CHANGES, type ChangeName } from "../../generator/breaking/index.js";
import { diffTexts, names, variant, type Edit } from "./helpers.js";

interface Case {
  readonly name: string;
  /** Edits of the minimal fixture giving the first spec (none: the fixture). */
  readonly first?: readonly Edit[];
  /** Edits of the minimal fixture giving the second spec. */
  readonly second: readonly Edit[];
  /** Changes from the first spec to the second, and from the second back to the first. */
  readonly forward: readonly ChangeName[];
  readonly backward: readonly ChangeName[];
}

const PING = `  - name: ping
    section: misc
    short: Check that the runtime answers.
    when_to_use: When in doubt.
    input: { type: object, properties: {} }
    local: true
`;
/** add_note's binding: POST, from which MCP's annotations derive nothing (GET, PUT and DELETE would). */
const POST_HTTP = `    http:
      method: POST
      path: /workspaces/{$workspace}/notes
      route: workspace
      body: [text, tag]
`;
const GET_HTTP = `    http:
      method: GET
      path: /notes/{id}
      headers: { X-Workspace: $workspace }
`;
const ID = "id: { type: string }";
const TAG = "tag: { type: string, enum: [a, b] }";
const TEXT = "text: { type: string, description: The note. }";
const PING_INPUT = "input: { type: object, properties: {} }";
const withId = (more: string): Edit => [ID, `id: { type: string, ${more} }`];

/** Every change class diff knows, each in both directions, on specs that differ by one edit. */
const CASES: readonly Case[] = [
  {
    name: "an output schema added to a tool",
    second: [
      [
        PING_INPUT,
        `${PING_INPUT}\n    output: { type: object, properties: { ok: { type: boolean } } }`,
      ],
    ],
    forward: ["output-added"],
    backward: ["output-removed"],
  },
  {
    name: "a tool no longer declared read-only",
    first: [[POST_HTTP, `    annotations: { read_only: true }\n${POST_HTTP}`]],
    second: [],
    forward: ["annotation-less-safe"],
    backward: ["annotation-safer"],
  },
  {
    name: "an input hidden from MCP",
    second: [[POST_HTTP, `    mcp: { hide: [tag] }\n${POST_HTTP}`]],
    forward: ["input-hidden"],
    backward: ["input-shown"],
  },
  {
    name: "a tool removed",
    second: [[PING, ""]],
    forward: ["tool-removed"],
    backward: ["tool-added"],
  },
  {
    name: "a tool renamed with renamed_from",
    second: [["- name: ping\n", "- name: pong\n    renamed_from: [ping]\n"]],
    forward: ["tool-renamed"],
    // Back: the old name returns as a new tool, the renamed one is gone.
    backward: ["tool-added", "tool-removed"],
  },
  {
    name: "a tool renamed without renamed_from",
    second: [["- name: ping\n", "- name: pong\n"]],
    forward: ["tool-added", "tool-removed"],
    backward: ["tool-added", "tool-removed"],
  },
  {
    name: "an optional input added",
    second: [
      [ID, `${ID}\n        limit: { type: integer }`],
      [
        GET_HTTP,
        GET_HTTP.replace(
          "      headers",
          "      query: [limit]\n      headers",
        ),
      ],
    ],
    forward: ["input-added"],
    backward: ["input-removed"],
  },
  {
    name: "a required input added",
    second: [
      [ID, `${ID}\n        limit: { type: integer }`],
      ["required: [id]", "required: [id, limit]"],
      [
        GET_HTTP,
        GET_HTTP.replace(
          "      headers",
          "      query: [limit]\n      headers",
        ),
      ],
    ],
    forward: ["required-input-added"],
    backward: ["input-removed"],
  },
  {
    name: "an input made required",
    second: [["required: [text]", "required: [text, tag]"]],
    forward: ["input-made-required"],
    backward: ["input-made-optional"],
  },
  {
    name: "a type widened",
    second: [
      [TEXT, `text: { type: [string, "null"], description: The note. }`],
    ],
    forward: ["type-widened"],
    backward: ["type-narrowed"],
  },
  {
    name: "integer to number",
    first: [
      [
        PING_INPUT,
        "input: { type: object, properties: { n: { type: integer } } }",
      ],
    ],
    second: [
      [
        PING_INPUT,
        "input: { type: object, properties: { n: { type: number } } }",
      ],
    ],
    forward: ["type-widened"],
    backward: ["type-narrowed"],
  },
  {
    name: "an enum value added",
    second: [[TAG, "tag: { type: string, enum: [a, b, c] }"]],
    forward: ["enum-value-added"],
    backward: ["enum-value-removed"],
  },
  {
    name: "an enum added to a free value",
    second: [withId("enum: [n1, n2]")],
    forward: ["enum-value-removed"],
    backward: ["enum-value-added"],
  },
  {
    name: "a maximum length added",
    second: [withId("maxLength: 10")],
    forward: ["range-narrowed"],
    backward: ["range-widened"],
  },
  {
    // An absent minLength is 0: writing the 0 out accepts exactly what was accepted.
    name: "a minimum length of 0 added",
    second: [withId("minLength: 0")],
    forward: [],
    backward: [],
  },
  {
    name: "a minimum length of 1 added",
    second: [withId("minLength: 1")],
    forward: ["range-narrowed"],
    backward: ["range-widened"],
  },
  {
    name: "a minimum raised",
    first: [
      [
        PING_INPUT,
        "input: { type: object, properties: { n: { type: integer, minimum: 1 } } }",
      ],
    ],
    second: [
      [
        PING_INPUT,
        "input: { type: object, properties: { n: { type: integer, minimum: 5 } } }",
      ],
    ],
    forward: ["range-narrowed"],
    backward: ["range-widened"],
  },
  {
    name: "a pattern added",
    second: [withId('pattern: "^n[0-9]+$"')],
    forward: ["pattern-changed"],
    backward: ["pattern-removed"],
  },
  {
    name: "a format added",
    second: [withId("format: uuid")],
    forward: ["format-added"],
    backward: ["format-removed"],
  },
  {
    name: "a default added",
    second: [[TAG, "tag: { type: string, enum: [a, b], default: a }"]],
    forward: ["default-changed"],
    backward: ["default-changed"],
  },
  {
    name: "additionalProperties: false added",
    second: [
      [
        PING_INPUT,
        "input: { type: object, properties: {}, additionalProperties: false }",
      ],
    ],
    forward: ["additional-properties-closed"],
    backward: ["additional-properties-opened"],
  },
  {
    name: "a keyword diff cannot judge",
    second: [
      [
        TEXT,
        `text: { type: string, description: The note., not: { const: "" } }`,
      ],
    ],
    forward: ["schema-changed"],
    backward: ["schema-changed"],
  },
  {
    name: "an enum value added to a nested array's items",
    first: [
      [
        PING_INPUT,
        "input: { type: object, properties: { tags: { type: array, items: { type: string, enum: [x] } } } }",
      ],
    ],
    second: [
      [
        PING_INPUT,
        "input: { type: object, properties: { tags: { type: array, items: { type: string, enum: [x, y] } } } }",
      ],
    ],
    forward: ["enum-value-added"],
    backward: ["enum-value-removed"],
  },
  {
    name: "an HTTP method changed",
    second: [["method: POST", "method: PATCH"]],
    forward: ["http-method-changed"],
    backward: ["http-method-changed"],
  },
  {
    name: "an HTTP path changed",
    second: [["path: /notes/{id}", "path: /v2/notes/{id}"]],
    forward: ["http-path-changed"],
    backward: ["http-path-changed"],
  },
  {
    name: "an input moved from the body to the query",
    second: [["body: [text, tag]", "body: [text]\n      query: [tag]"]],
    forward: ["http-input-moved"],
    backward: ["http-input-moved"],
  },
  {
    name: "a constant header added",
    second: [
      [
        "headers: { X-Workspace: $workspace }",
        "headers: { X-Workspace: $workspace, X-Api: { const: v1 } }",
      ],
    ],
    forward: ["http-field-changed"],
    backward: ["http-field-changed"],
  },
  {
    name: "the routing input dropped",
    second: [
      ["route: workspace\n      body", "query: [workspace]\n      body"],
    ],
    forward: ["http-route-changed"],
    backward: ["http-route-changed"],
  },
  {
    name: "an HTTP tool made local",
    second: [[POST_HTTP, "    local: true\n"]],
    forward: ["http-binding-removed"],
    backward: ["http-binding-added"],
  },
  {
    name: "a CLI command's words changed",
    second: [["usage: add <text>", "usage: note add <text>"]],
    forward: ["cli-command-changed"],
    backward: ["cli-command-changed"],
  },
  {
    name: "a CLI command added",
    second: [
      [
        "    cli: null\n",
        "    cli: { usage: get <id>, summary: Get a note }\n",
      ],
    ],
    forward: ["cli-command-added"],
    backward: ["cli-command-removed"],
  },
  {
    name: "a CLI positional made an option",
    first: [
      [
        "    cli: null\n",
        "    cli: { usage: get <id>, summary: Get a note }\n",
      ],
    ],
    second: [
      ["    cli: null\n", "    cli: { usage: get, summary: Get a note }\n"],
    ],
    forward: ["cli-positionals-changed"],
    backward: ["cli-positionals-changed"],
  },
  {
    name: "a tool moved to another section",
    second: [["    section: misc\n", "    section: notes\n    cli: null\n"]],
    forward: ["section-changed"],
    backward: ["section-changed"],
  },
  {
    name: "texts changed",
    second: [
      ["short: Read a note.", "short: Read one note back."],
      [TEXT, "text: { type: string, description: The note to keep. }"],
      ["summary: Add a note", "summary: Add a new note"],
    ],
    forward: ["text-changed", "text-changed", "text-changed"],
    backward: ["text-changed", "text-changed", "text-changed"],
  },
];

describe("toolgen diff: every change class, both ways", () => {
  it.each(CASES)("$name", (c) => {
    const first = variant(c.first ?? []);
    const second = variant(c.second);
    const forward = diffTexts(first, second);
    const backward = diffTexts(second, first);
    expect(names(forward)).toEqual([...c.forward].sort());
    expect(names(backward)).toEqual([...c.backward].sort());
    for (const change of [...forward.changes, ...backward.changes])
      expect(change.class).toBe(CHANGES[change.change][0]);
  });

  it("finds nothing between a spec and itself", () => {
    expect(diffTexts(variant([]), variant([])).changes).toEqual([]);
  });

  it("covers every change a spec can express with the tests above, in extras.test.ts or connection.test.ts", () => {
    const covered = new Set(
      CASES.flatMap((c) => [...c.forward, ...c.backward]),
    );
    // The finer output changes are tested on schemas directly, in extras.test.ts; the client's
    // settings on an API spec, in connection.test.ts.
    const raw = [
      "output-narrowed",
      "output-changed",
      "output-extended",
      "client-workspaces-changed",
      "client-auth-changed",
      "client-auth-relaxed",
      // The prompts and resources, in catalog.test.ts.
      "prompt-removed",
      "prompt-argument-required",
      "prompt-added",
      "resource-removed",
      "resource-added",
    ];
    for (const name of Object.keys(CHANGES))
      if (!raw.includes(name)) expect(covered, name).toContain(name);
  });
});
