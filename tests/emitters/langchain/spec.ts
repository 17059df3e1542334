import fs from "node:fs";
import { parse } from "yaml";
import { platformFixturePath } from "../../helpers/reference-spec.js";

/** The platform fixture (a frozen copy of tools.yaml) read on its own with the yaml package, not through toolgen's model. */
export interface SpecTool {
  readonly name: string;
  readonly section: string;
  readonly short: string;
  readonly when_to_use: string;
  readonly input: Record<string, unknown>;
  readonly local?: boolean;
  readonly http?: unknown;
}

export const spec = parse(fs.readFileSync(platformFixturePath, "utf8")) as {
  sections: { id: string }[];
  tools: SpecTool[];
};

export const specTool = (name: string): SpecTool => {
  const found = spec.tools.find((t) => t.name === name);
  if (!found) throw new Error(`the platform fixture has no tool ${name}`);
  return found;
};
