import { describe, expect, it } from "vitest";
import { compareAnnotations } from "../../generator/breaking/annotations.js";
import type { FoundChange, Subject } from "../../generator/breaking/changes.js";
import { compareOutput } from "../../generator/breaking/output.js";
import { compareViews } from "../../generator/breaking/views.js";

/**
 * The keys other parts add per tool (output, annotations, mcp:/langchain: views) are not in
 * tools.schema.json yet: their comparisons are tested on raw values, present or absent.
 */
function found(run: (sub: Subject) => void): FoundChange[] {
  const list: FoundChange[] = [];
  run({ tool: "t", index: 0, push: (c) => list.push(c) });
  return list;
}
const changes = (run: (sub: Subject) => void) =>
  found(run)
    .map((c) => c.change)
    .sort();

const OUT = {
  type: "object",
  properties: { id: { type: "string" }, state: { enum: ["open", "done"] } },
  required: ["id"],
};
const edit = (more: Record<string, unknown>) => ({ ...OUT, ...more });

describe("output schemas, as their reader sees them", () => {
  it.each([
    ["added", undefined, OUT, ["output-added"], ["output-removed"]],
    [
      "a property dropped",
      OUT,
      edit({ properties: { state: OUT.properties.state }, required: [] }),
      ["output-narrowed"],
      ["output-extended"],
    ],
    [
      "a required field made optional",
      OUT,
      edit({ required: [] }),
      ["output-narrowed"],
      ["output-extended"],
    ],
    [
      "an enum value added",
      OUT,
      edit({
        properties: {
          ...OUT.properties,
          state: { enum: ["open", "done", "lost"] },
        },
      }),
      ["output-narrowed"],
      [],
    ],
    [
      "a keyword it cannot judge",
      OUT,
      edit({ anyOf: [{ required: ["id"] }] }),
      ["output-changed"],
      ["output-changed"],
    ],
  ] as const)("%s", (_, before, after, forward, backward) => {
    expect(changes((s) => compareOutput(s, before, after))).toEqual(forward);
    expect(changes((s) => compareOutput(s, after, before))).toEqual(backward);
  });

  it("says nothing when neither side has one", () => {
    expect(found((s) => compareOutput(s, undefined, undefined))).toEqual([]);
  });
});

describe("annotations", () => {
  it.each([
    ["read_only true → false", { read_only: true }, { read_only: false }],
    ["read_only true → not given", { read_only: true }, undefined],
    ["destructive false → true", { destructive: false }, { destructive: true }],
    ["idempotent true → not given", { idempotent: true }, {}],
    ["open_world false → true", { open_world: false }, { open_world: true }],
  ] as const)("%s is less safe, and back safer", (_, before, after) => {
    expect(changes((s) => compareAnnotations(s, before, after, after))).toEqual(
      ["annotation-less-safe"],
    );
    expect(
      changes((s) => compareAnnotations(s, after, before, before)),
    ).toEqual(["annotation-safer"]);
  });

  it("reads a resolved model's camelCase annotations too", () => {
    expect(
      changes((s) =>
        compareAnnotations(
          s,
          { readOnly: true },
          { readOnly: false },
          undefined,
        ),
      ),
    ).toEqual(["annotation-less-safe"]);
    expect(
      changes((s) =>
        compareAnnotations(s, { openWorld: false }, {}, undefined),
      ),
    ).toEqual(["annotation-less-safe"]);
  });

  it("the value MCP assumes, written out, is no change", () => {
    const defaults = {
      read_only: false,
      destructive: true,
      idempotent: false,
      open_world: true,
    };
    expect(
      found((s) => compareAnnotations(s, undefined, defaults, defaults)),
    ).toEqual([]);
  });
});

describe("per-target views", () => {
  it.each(["mcp", "langchain", "ai_sdk", "function_calling", "cli"])(
    "hiding an input from %s breaks, showing it again does not",
    (view) => {
      const shown = { [view]: { hide: ["a"] } };
      const hidden = { [view]: { hide: ["a", "b"] } };
      expect(found((s) => compareViews(s, shown, hidden))).toMatchObject([
        { change: "input-hidden", input: "b" },
      ]);
      expect(changes((s) => compareViews(s, hidden, shown))).toEqual([
        "input-shown",
      ]);
      expect(changes((s) => compareViews(s, {}, shown))).toEqual([
        "input-hidden",
      ]);
    },
  );

  it("a target's own description is a text, with its delta", () => {
    const before = { mcp: { description: "Adds." } };
    const after = { mcp: { description: "Adds a note." } };
    const [c] = found((s) => compareViews(s, before, after));
    expect(c!.change).toBe("text-changed");
    expect(c!.delta).toBe("Adds a note.".length - "Adds.".length);
  });
});
