import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { fixtures } from "../helpers/project.js";

// The prompts, resources and resource templates of a spec: every problem of one run, each
// located at the part it is about, with its code.

function diagnosticsOf(text: string): readonly Diagnostic[] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
    return [];
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
}

const text = fs.readFileSync(
  path.join(fixtures, "invalid", "prompts-resources.yaml"),
  "utf8",
);
const lines = text.split("\n");
/** The 1-based line and column of the first `token` on the `nth` line holding `marker`. */
function at(marker: string, token: string, nth = 0): [number, number] {
  const index = lines
    .map((l, i) => (l.includes(marker) ? i : -1))
    .filter((i) => i >= 0)[nth]!;
  expect(index, marker).toBeGreaterThanOrEqual(0);
  return [index + 1, lines[index]!.indexOf(token) + 1];
}

describe("the prompts and resources of a spec", () => {
  const found = diagnosticsOf(text);
  const expected: [code: string, where: [number, number], says: string][] = [
    [
      "duplicate-argument",
      at("{ name: topic }, { name: topic }", "topic }]"),
      "names the argument 'topic' twice",
    ],
    [
      "unknown-placeholder",
      at("{{language}}", "{{language}}"),
      "the placeholder {{language}} names no argument of the prompt (known: topic)",
    ],
    [
      "duplicate-prompt",
      at("- name: review", "review", 1),
      "two prompts are named 'review'",
    ],
    [
      "needs-runtime",
      at("runtime: true", "runtime"),
      "prompt 'review' is answered by the runtime, and targets.mcp declares no runtime package",
    ],
    [
      "duplicate-prompt",
      at("name: prompt.notes", "prompt.notes"),
      "is the name of one of the docs target's prompts",
    ],
    [
      "prompt-source",
      at("name: empty", "empty"),
      "prompt 'empty' needs a template, or 'runtime: true'",
    ],
    [
      "needs-runtime",
      at("name: today }", "uri"),
      "resource 'notes://today' is answered by the runtime",
    ],
    [
      "duplicate-resource",
      at("name: today2", '"notes://today"'),
      "two resources have the uri 'notes://today'",
    ],
    [
      "duplicate-resource",
      at("{day}", "today,"),
      "two resources or resource templates are named 'today'",
    ],
    [
      "unknown-parameter",
      at("{day}", "month"),
      "resource template 'notes://day/{day}' has no variable 'month' (known: day)",
    ],
    [
      "duplicate-resource",
      at('{d}"', '"notes://day/{d}"'),
      "match the same uris",
    ],
    [
      "bad-uri-template",
      at("{a,b}", "{a,b}"),
      "{a,b} is an expression of RFC 6570 level 3 or 4",
    ],
    ["bad-uri-template", at('notes://y/{a"', "{a"), "a { that is never closed"],
  ];

  it.each(expected)("reports %s at %j: %s", (code, [line, col], says) => {
    const match = found.filter(
      (d) => d.code === code && d.line === line && d.col === col,
    );
    expect(
      match.map((d) => d.message).join("\n"),
      JSON.stringify(found.map((d) => [d.code, d.line, d.col])),
    ).toContain(says);
  });

  it("reports them all in one run, and nothing else", () => {
    // Each template without a runtime package is reported too: one more per template.
    expect(found.filter((d) => d.code !== "needs-runtime").length).toBe(
      expected.filter(([code]) => code !== "needs-runtime").length,
    );
    expect(found.every((d) => d.severity === "error")).toBe(true);
  });

  it("accepts them when the runtime package is declared and each part is sound", () => {
    const sound = text
      .replace(
        "server_name: bad }",
        'server_name: bad, runtime: "@bad/runtime" }',
      )
      .replace(
        /\nprompts:[\s\S]*$/,
        `
prompts:
  - name: review
    arguments: [{ name: topic, enum: [a, b] }]
    template: "Review {{topic}} {{{{ {{ topic }}."
  - { name: ask, runtime: true }
resources:
  - { uri: "notes://today", name: today }
  - { uri: "notes://pinned", name: pinned, text: "hi" }
resource_templates:
  - { uri_template: "notes://day/{day}{#part}", name: day, parameters: [{ name: day, enum: [mon] }] }
  - { uri_template: "notes://{+path}", name: any }
`,
      );
    expect(diagnosticsOf(sound)).toEqual([]);
  });

  it("warns, once for each kind, that nothing serves them without the mcp target", () => {
    const withoutMcp = text.replace(/\n {2}mcp: \{[^\n]*/, "").replace(
      /\nprompts:[\s\S]*$/,
      `
prompts:
  - { name: ask, runtime: true }
resources:
  - { uri: "notes://today", name: today }
resource_templates:
  - { uri_template: "notes://day/{day}", name: day }
`,
    );
    const lines = withoutMcp.split("\n");
    const { warnings } = generateFromDisk({
      file: "tools.yaml",
      text: withoutMcp,
      dir: "/nonexistent",
    });
    expect(
      warnings.map((w) => [w.code, lines[w.line! - 1]!.slice(w.col! - 1)]),
    ).toEqual([
      ["unserved-catalog", "prompts:"],
      ["unserved-catalog", "resources:"],
      ["unserved-catalog", "resource_templates:"],
    ]);
    expect(warnings[0]!.message).toBe(
      "prompts are served by the MCP server, and targets.mcp is not declared: nothing serves these",
    );
  });
});
