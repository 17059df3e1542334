import { describe, expect, it } from "vitest";
import { diffTexts, lineOf, names, variant } from "./helpers.js";

// The prompts, resources and resource templates between two releases: one gone is breaking,
// one new compatible, a prompt's argument newly required breaking.

const MCP = "server_name: acme }";
const RUNTIME = 'server_name: acme, runtime: "@acme/runtime" }';
const catalog = (...lines: string[]) =>
  variant([[MCP, RUNTIME]]) + lines.join("\n") + "\n";

const PROMPTS = [
  "prompts:",
  "  - name: review",
  "    arguments: [{ name: note }, { name: tone }]",
  '    template: "Review {{note}}, {{tone}}."',
  "  - { name: plan, runtime: true }",
];
const RESOURCES = [
  "resources:",
  '  - { uri: "notes://pinned", name: pinned, text: "Buy milk." }',
];
const TEMPLATES = [
  "resource_templates:",
  '  - { uri_template: "notes://day/{day}", name: day }',
];
const all = catalog(...PROMPTS, ...RESOURCES, ...TEMPLATES);

describe("toolgen diff on prompts and resources", () => {
  it.each([
    [
      "a prompt removed",
      all,
      all.replace("  - { name: plan, runtime: true }\n", ""),
      ["prompt-removed"],
    ],
    [
      "a prompt added",
      all.replace("  - { name: plan, runtime: true }\n", ""),
      all,
      ["prompt-added"],
    ],
    [
      "an argument made required",
      all,
      all.replace("{ name: tone }", "{ name: tone, required: true }"),
      ["prompt-argument-required"],
    ],
    [
      "a required argument added",
      all,
      all.replace(
        "{ name: tone }]",
        "{ name: tone }, { name: who, required: true }]",
      ),
      ["prompt-argument-required"],
    ],
    [
      "an argument made optional",
      all.replace("{ name: tone }", "{ name: tone, required: true }"),
      all,
      [],
    ],
    [
      "a resource removed",
      all,
      catalog(...PROMPTS, ...TEMPLATES),
      ["resource-removed"],
    ],
    [
      "a resource's uri changed",
      all,
      all.replace("notes://pinned", "notes://top"),
      ["resource-added", "resource-removed"],
    ],
    [
      "a resource template removed",
      all,
      catalog(...PROMPTS, ...RESOURCES),
      ["resource-removed"],
    ],
    [
      "a resource template added",
      catalog(...PROMPTS, ...RESOURCES),
      all,
      ["resource-added"],
    ],
    [
      "every one removed",
      all,
      catalog(),
      [
        "prompt-removed",
        "prompt-removed",
        "resource-removed",
        "resource-removed",
      ],
    ],
  ])("%s", (_name, base, current, expected) => {
    expect(names(diffTexts(base, current))).toEqual([...expected].sort());
  });

  it("finds nothing between a spec and itself", () => {
    expect(diffTexts(all, all).changes).toEqual([]);
  });

  it("says which is gone, as breaking, at the list's key, under the name an acknowledgement gives", () => {
    const current = all.replace("  - { name: plan, runtime: true }\n", "");
    const [change] = diffTexts(all, current).changes;
    expect(change).toMatchObject({
      class: "breaking",
      change: "prompt-removed",
      tool: "prompts.plan",
      message: "prompt 'plan' is gone: clients naming it get an error",
      line: lineOf(current, "prompts:"),
    });
  });

  it("counts the prompts made of the prompt docs: a section renamed takes its prompt away", () => {
    const renamed = all
      .replace("  - id: misc\n", "  - id: extras\n")
      .replaceAll("section: misc", "section: extras");
    const found = diffTexts(all, renamed).changes.filter((c) =>
      c.tool.startsWith("prompts."),
    );
    expect(found).toMatchObject([
      {
        class: "breaking",
        change: "prompt-removed",
        tool: "prompts.prompt.misc",
        message:
          "prompt 'prompt.misc' of the prompt docs is gone: clients naming it get an error",
        line: lineOf(renamed, "sections:"),
      },
      { change: "prompt-added", tool: "prompts.prompt.extras" },
    ]);
  });

  it("finds every docs prompt gone with the docs target, and none without the mcp target", () => {
    const withoutDocs = all.replace(
      /\n {2}docs:\n {4}package: "@acme\/prompts"\n {4}preamble: [^\n]*/,
      "",
    );
    expect(withoutDocs).not.toContain("@acme/prompts");
    const gone = diffTexts(all, withoutDocs).changes.filter((c) =>
      c.tool.startsWith("prompts."),
    );
    expect(gone.map((c) => [c.change, c.tool])).toEqual([
      ["prompt-removed", "prompts.prompt"],
      ["prompt-removed", "prompts.prompt.notes"],
      ["prompt-removed", "prompts.prompt.misc"],
    ]);
  });

  it("lets an acknowledged removal through", () => {
    const current =
      catalog(...PROMPTS, ...RESOURCES) +
      'acknowledged_breaks:\n  - { tool: "resource_templates.notes://day/{day}", change: resource-removed, reason: "days are gone" }\n';
    const [change] = diffTexts(all, current).changes;
    expect(change).toMatchObject({
      change: "resource-removed",
      acknowledged: "days are gone",
    });
  });
});
