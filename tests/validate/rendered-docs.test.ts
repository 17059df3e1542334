import { describe, expect, it } from "vitest";
import {
  docsOf,
  generateFrom,
  minimalVariant,
  specs,
  text,
} from "../emitters/docs/helpers.js";

describe("the docs budget counts characters, not UTF-16 units", () => {
  // Each 😀 is one character and two UTF-16 units: a budget between the two counts tells them apart.
  const spec = (budget: number) =>
    minimalVariant((s) => {
      s.tools[0].short = "Add a note 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀.";
      s.targets.docs.budget = budget;
    });
  const rendered = text(
    docsOf(generateFrom(specs.minimal!, spec(100_000))),
    "sections/notes.mcp.md",
  );
  const characters = [...rendered].length;
  const overBudget = (budget: number) =>
    generateFrom(specs.minimal!, spec(budget))
      .warnings.filter((w) => w.message.startsWith("section 'notes'"))
      .map((w) => w.message);

  it("a section of exactly the budget in characters is within it", () => {
    expect(rendered.length - characters).toBe(20);
    expect(overBudget(characters)).toEqual([]);
  });

  it("one character over is over, and the warning gives the count in characters", () => {
    expect(overBudget(characters - 1)).toEqual([
      `section 'notes' renders to ${characters} characters for MCP runtimes, over the budget of ${characters - 1} set in targets.docs.budget: shorten its texts or raise the budget`,
    ]);
  });
});
