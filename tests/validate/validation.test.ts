import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { goldenFiles } from "../helpers/goldens.js";
import {
  fixtures,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";

/** Each invalid fixture, with words its message must hold; the whole stderr is kept as a golden file. */
const cases: [name: string, mustSay: string][] = [
  ["duplicate-tool-name", "tool 'add_note' is declared twice"],
  [
    "bad-tool-name",
    "must start with a letter and use only letters, digits, _ and -",
  ],
  ["identifier-collision", "both become 'addNote' in generated code"],
  [
    "required-missing-property",
    "'required' names 'note_id', which is not one of the properties",
  ],
  ["input-schema-invalid", "the input schema is not valid JSON Schema"],
  [
    "path-placeholder-unknown",
    "path placeholder {note_id} is not an input of this tool; did you mean 'id'?",
  ],
  ["body-field-unknown", "'tags' in http.body is not an input of this tool"],
  [
    "cli-decision-missing",
    "declare its cli usage, or 'cli: null' to leave it out",
  ],
  [
    "cli-usage-duplicate",
    "CLI command 'add' is already the usage of tool 'add_note'",
  ],
  ["unknown-section", "unknown section 'other'"],
  [
    "renamed-name-in-use",
    "'create_note' was renamed to 'add_note' but is still the name of tool 2",
  ],
  [
    "renamed-name-in-docs",
    "'create_note' is an old name of 'add_note' and must not appear in the prompt docs",
  ],
  ["unknown-key", "unknown key 'shrot'; did you mean 'short'?"],
  ["missing-required-key", "is missing the required key 'short'"],
  ["wrong-type", "must be a string, not a list"],
  ["http-and-local", "has both http and local"],
  ["input-never-sent", "input 'tag' is never sent"],
  ["route-unknown", "route 'workspace_id' is not an input of this tool"],
  ["header-authorization", "a binding may not set Authorization"],
  ["header-name-invalid", "'X Workspace' is not a valid HTTP header name"],
  [
    "idempotency-key-invalid",
    "idempotency_key 'Idempotency Key' is not a valid HTTP header name",
  ],
  ["path-placeholder-malformed", "1 error(s)"],
  ["yaml-syntax", "tools.yaml:"],
  ["several-errors", "3 error(s)"],
  [
    "structure-and-meaning",
    "path placeholder {note_id} is not an input of this tool",
  ],
  [
    "every-part",
    `tool 'ping', input 'priority': the default "ten" does not fit its own schema: must be integer`,
  ],
  [
    "targets-empty",
    "'targets' is empty: declare at least one of client, mcp, langchain, cli, docs",
  ],
  ["version-not-semver", "'version' must be a semver version such as 1.2.0"],
  [
    "tool-meta",
    "'annotations.destructive' cannot be true for a tool whose annotations say read_only: true",
  ],
  [
    "python-target",
    "targets.python needs env, the environment variables the Python package reads",
  ],
  [
    "pattern-backtracking",
    "the pattern '^(a+)+$' can take time exponential in the input's length",
  ],
  [
    "prompts-resources",
    "resource templates 'notes://day/{day}' and 'notes://day/{d}' match the same uris",
  ],
  [
    "target-needs-client",
    "targets.mcp needs targets.client: the MCP package calls the platform through the client package",
  ],
];

describe("an invalid spec", () => {
  it.each(cases)(
    "%s: reports file:line:col, a code frame, exit 2, and writes nothing",
    async (name, mustSay) => {
      const dir = tempProject(
        fs.readFileSync(path.join(fixtures, "invalid", `${name}.yaml`), "utf8"),
      );
      const before = snapshotDir(dir);
      const result = await toolgen(dir);

      expect(result.code).toBe(2);
      expect(result.stderr).toContain(mustSay);
      expect(result.stderr).toMatch(/^tools\.yaml:\d+:\d+: /m);
      expect(result.stderr).toMatch(/^> +\d+ \|/m);
      expect(result.stderr).toContain("nothing was written");
      expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      expect(snapshotDir(dir)).toEqual(before);
      await expect(result.stderr).toMatchFileSnapshot(
        path.join("__snapshots__", "invalid", `${name}.txt`),
      );
    },
  );

  it("keeps a golden for each case and no other", () => {
    expect(
      goldenFiles(path.join(import.meta.dirname, "__snapshots__", "invalid")),
    ).toEqual(cases.map(([name]) => `${name}.txt`).sort());
  });

  it("reports every problem of one run, not just the first", async () => {
    const dir = tempProject(
      fs.readFileSync(
        path.join(fixtures, "invalid", "several-errors.yaml"),
        "utf8",
      ),
    );
    const { stderr } = await toolgen(dir);
    expect(stderr).toContain("unknown key 'shrot'");
    expect(stderr).toContain("tool 'ping': 'section' must be a string");
    expect(stderr).toContain("must start with a letter");
  });

  it("points the caret at the offending key", async () => {
    const dir = tempProject(
      fs.readFileSync(
        path.join(fixtures, "invalid", "unknown-key.yaml"),
        "utf8",
      ),
    );
    const { stderr } = await toolgen(dir);
    const lines = stderr.split("\n");
    const at = lines.findIndex((l) => l.startsWith(">"));
    const source = lines[at]!;
    const caret = lines[at + 1]!;
    expect(source.slice(caret.indexOf("^"), caret.lastIndexOf("^") + 1)).toBe(
      "shrot",
    );
  });
});

describe("the reference spec", () => {
  it("is valid and produces output without warnings", async () => {
    const dir = tempProject(
      fs.readFileSync(path.join(fixtures, "..", "..", "tools.yaml"), "utf8"),
    );
    const result = await toolgen(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });
});
