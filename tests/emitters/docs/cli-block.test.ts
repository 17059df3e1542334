import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSpec, specInput } from "../../../generator/index.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
import {
  docsOf,
  generateFrom,
  minimalVariant,
  specs,
  text,
} from "./helpers.js";

// The platform fixture (a frozen copy of the reference spec): what is written here by hand
// about its commands holds whatever a user does to tools.yaml.
const reference = loadSpec(
  specInput(
    platformFixturePath,
    fs.readFileSync(platformFixturePath, "utf8"),
    path.dirname(platformFixturePath),
  ),
).model;
const a2a = reference.sections.find((s) => s.id === "a2a")!;

/** The command lines of a block: the ones indented by two spaces. */
const commandLines = (block: string) =>
  block.split("\n").filter((l) => l.startsWith("  "));

type Sections = Record<string, { cli: string | null; mcp: string }>;
let fixture: PlatformFixture;
let sections: Sections;
let block: string;
beforeAll(async () => {
  fixture = installPlatformFixture();
  ({ sections } = await fixture.load<{ sections: Sections }>(
    "@molecule/platform-prompts",
  ));
  block = sections.a2a!.cli!;
});
afterAll(() => fixture.remove());

describe("the CLI block of the platform fixture's package", () => {
  it("shows every exposed command as `  molecule <usage>` with its summary, in spec order", () => {
    const exposed = a2a.tools.filter((t) => t.cli);
    expect(exposed.map((t) => t.cli!.keyword)).toEqual([
      "delegate",
      "delegate --async",
      "status",
      "peers",
      "info",
    ]);
    const lines = commandLines(block);
    expect(lines).toHaveLength(exposed.length);
    exposed.forEach((t, i) => {
      expect(lines[i]!.startsWith(`  molecule ${t.cli!.usage} `)).toBe(true);
      expect(lines[i]!.endsWith(`  # ${t.cli!.summary}`)).toBe(true);
    });
  });

  it("leaves out the tools deliberately not on the CLI", () => {
    const hidden = a2a.tools.filter((t) => t.cli === null).map((t) => t.name);
    expect(hidden).toContain("get_runtime_identity");
    for (const name of hidden) expect(block).not.toContain(name);
  });

  it("aligns the # comments in one column, two spaces after the longest command", () => {
    const lines = commandLines(block);
    const columns = new Set(lines.map((l) => l.indexOf("  # ") + 2));
    expect(columns.size).toBe(1);
    const longest = "  molecule delegate --async <workspace_id> <task>";
    expect([...columns][0]).toBe(longest.length + 2);
    expect(lines).toContain(
      `${longest}  # Send a task to a peer and return at once with its id`,
    );
    expect(lines).toContain(
      `  molecule peers${" ".repeat(longest.length - "  molecule peers".length)}  # List the peers you can reach`,
    );
  });

  it("is the heading, the intro line, the commands, a blank line and the closing lines", () => {
    const lines = block.split("\n");
    expect(lines[0]).toBe(`## ${a2a.heading}`);
    expect(lines[1]).toBe(a2a.cli!.intro);
    expect(lines.slice(2, 7).every((l) => l.startsWith("  molecule "))).toBe(
      true,
    );
    expect(lines.slice(7)).toEqual(["", a2a.cli!.closing!, ""]);
  });

  it("exists only for sections on the CLI", () => {
    expect(sections.memory!.cli).toBeNull();
  });
});

describe("the CLI block of other specs", () => {
  it("is exactly heading, intro and commands when there are no closing lines", () => {
    const docs = docsOf(generateFrom(specs["docs-no-footer"]!));
    expect(text(docs, "sections/notes.cli.md")).toBe(
      "## Notes\nKeep notes from the shell:\n  npx acme add <text>  # Add a note\n  npx acme list --all  # List the notes\n",
    );
  });

  it("spells the program as tools.yaml says", () => {
    const spec = minimalVariant((s) => {
      s.targets.cli.program = "python3 -m acme.cli";
      s.tools[1].cli = { usage: "get <id>", summary: "Read a note" };
    });
    const lines = commandLines(
      text(docsOf(generateFrom(specs.minimal!, spec)), "sections/notes.cli.md"),
    );
    expect(lines).toEqual([
      "  python3 -m acme.cli add <text>  # Add a note",
      "  python3 -m acme.cli get <id>    # Read a note",
    ]);
  });

  it("aligns by display width: a wide character takes two columns", () => {
    const spec = minimalVariant((s) => {
      s.tools[1].input.properties = { 名前: { type: "string" } };
      s.tools[1].input.required = ["名前"];
      s.tools[1].http.path = "/notes/{名前}";
      s.tools[1].cli = { usage: "get <名前>", summary: "Read a note" };
    });
    const lines = commandLines(
      text(docsOf(generateFrom(specs.minimal!, spec)), "sections/notes.cli.md"),
    );
    // "<名前>" is 4 characters but 6 columns, as wide as "<text>": no padding on either line.
    expect(lines).toEqual([
      "  acme add <text>  # Add a note",
      "  acme get <名前>  # Read a note",
    ]);
  });
});
