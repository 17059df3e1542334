import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { repoRoot } from "../../helpers/project.js";

export interface SpecTool {
  readonly name: string;
  readonly short: string;
  readonly input: Record<string, unknown>;
  readonly local: boolean;
}

/** The reference tools.yaml read with the yaml package alone: what the tests compare against. */
export function referenceTools(): SpecTool[] {
  const spec = parse(
    fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8"),
  ) as { tools: Record<string, unknown>[] };
  return spec.tools.map((t) => ({
    name: t.name as string,
    short: t.short as string,
    input: t.input as Record<string, unknown>,
    local: t.local === true,
  }));
}
