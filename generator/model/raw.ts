import type { HttpMethod, JsonObject, JsonValue } from "./types.js";

/**
 * The spec as written, in the shapes tools.schema.json guarantees once the structure check has
 * passed: what the semantic checks of generator/validate/ and the model builder read.
 */
export type RawFieldValue = string | { const: JsonValue };
export type RawFields = string[] | Record<string, RawFieldValue>;
export interface RawTool {
  name: string;
  section: string;
  short: string;
  when_to_use: string;
  input: JsonObject;
  renamed_from?: string[];
  local?: true;
  http?: {
    method: HttpMethod;
    path: string;
    route?: string;
    query?: RawFields;
    body?: RawFields;
    headers?: Record<string, RawFieldValue>;
  };
  cli?: { usage: string; summary: string } | null;
}
/** The targets a spec declares: at least one (tools.schema.json), each present only when declared. */
export interface RawTargets {
  client?: {
    package: string;
    env: {
      base_url: string;
      workspace_id: string;
      token: string;
      workspaces: string;
    };
  };
  mcp?: {
    package: string;
    bin: string;
    server_name: string;
    runtime?: string;
  };
  langchain?: { package: string };
  cli?: { package: string; bin: string; program?: string; runtime?: string };
  docs?: {
    package: string;
    templates?: string;
    budget?: number;
    preamble: string;
  };
}
export interface RawSpec {
  targets: RawTargets;
  sections: {
    id: string;
    heading: string;
    label: string;
    footer?: string;
    cli?: { intro: string; closing?: string };
  }[];
  tools: RawTool[];
}
