import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { fixtures } from "../helpers/project.js";

// tests/fixtures/views/tools.yaml, as the views tests read it: what each package must show is
// read from the fixture spec, never from generated code.

export const specPath = path.join(fixtures, "views/tools.yaml");
export const specText = fs.readFileSync(specPath, "utf8");

interface View {
  description?: string;
  hide?: string[];
}
export interface SpecTool {
  name: string;
  section: string;
  short: string;
  input: { properties: Record<string, unknown>; required?: string[] };
  http: { path: string; route?: string };
  mcp?: View;
  langchain?: View;
  ai_sdk?: View;
  function_calling?: View;
  cli?: (View & { usage: string; summary: string }) | null;
}
export const spec = parse(specText) as {
  targets: { cli: { bin: string } };
  sections: { id: string; cli?: { order?: string[] } }[];
  tools: SpecTool[];
};
export const tool = (name: string) => spec.tools.find((t) => t.name === name)!;
export const bin = spec.targets.cli.bin;
export const a2a = spec.sections.find((s) => s.cli)!;
export const order = a2a.cli!.order!.map(tool);
/** The words that select a tool's command: its usage up to the first placeholder. */
export const keyword = (t: SpecTool) =>
  t.cli!.usage.split(" <")[0]!.split(" ").join(" ");
/** The request path a tool's binding makes for the primary workspace. */
export const pathOf = (t: SpecTool, workspace: string) =>
  t.http.path.replace("{$workspace}", workspace);
