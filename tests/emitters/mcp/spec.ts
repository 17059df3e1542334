import fs from "node:fs";
import { parse } from "yaml";

export interface SpecTool {
  readonly name: string;
  readonly short: string;
  readonly input: Record<string, unknown>;
  readonly local: boolean;
}

/** A spec read with the yaml package alone: what the tests compare against. */
export function specTools(file: string): SpecTool[] {
  const spec = parse(fs.readFileSync(file, "utf8")) as {
    tools: Record<string, unknown>[];
  };
  return spec.tools.map((t) => ({
    name: t.name as string,
    short: t.short as string,
    input: t.input as Record<string, unknown>,
    local: t.local === true,
  }));
}
