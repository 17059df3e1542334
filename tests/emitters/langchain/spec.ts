import {
  platformFixturePath,
  readSpec,
  type SpecTool,
} from "../../helpers/reference-spec.js";

/** The platform fixture (a frozen copy of tools.yaml) read on its own with the yaml package. */
export const spec = readSpec(platformFixturePath);

export const specTool = (name: string): SpecTool => {
  const found = spec.tools.find((t) => t.name === name);
  if (!found) throw new Error(`the platform fixture has no tool ${name}`);
  return found;
};
