import path from "node:path";
import type { Problem } from "../validate/problem.js";
import { mainType } from "./main-type.js";
import { camelCase, kebabCase, pascalCase } from "./names.js";
import type {
  CliCommand,
  Field,
  HttpBinding,
  HttpMethod,
  JsonObject,
  JsonValue,
  Model,
  PathPart,
  Section,
  Targets,
  Tool,
  ValueSource,
} from "./types.js";

/* The shapes tools.schema.json guarantees once the structure check has passed. */
type RawFieldValue = string | { const: JsonValue };
type RawFields = string[] | Record<string, RawFieldValue>;
interface RawTool {
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
interface RawSpec {
  targets: {
    client: {
      package: string;
      env: {
        base_url: string;
        workspace_id: string;
        token: string;
        workspaces: string;
      };
    };
    mcp: {
      package: string;
      bin: string;
      server_name: string;
      runtime?: string;
    };
    langchain: { package: string };
    cli: { package: string; bin: string; program?: string; runtime?: string };
    docs: {
      package: string;
      templates?: string;
      budget?: number;
      preamble: string;
    };
  };
  sections: {
    id: string;
    heading: string;
    label: string;
    footer?: string;
    cli?: { intro: string; closing?: string };
  }[];
  tools: RawTool[];
}

const WORKSPACE = "$workspace";

/** A path step that sends a binding's problem to the tool's input declaration instead of its http block. */
const INPUT = "\0input";

/** A header name as HTTP defines a token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Resolves a structurally valid spec into the model, reporting what only
 * a reading of each tool can find (placeholders, routing, CLI usage).
 * `specDir` resolves relative paths, such as a templates folder.
 */
export function buildModel(
  value: unknown,
  specDir: string,
): { model: Model; problems: Problem[] } {
  const raw = value as RawSpec;
  const problems: Problem[] = [];
  // The first section of each id, as a search of the list in order would find it.
  const sectionById = new Map<string, RawSpec["sections"][number]>();
  for (const s of raw.sections)
    if (!sectionById.has(s.id)) sectionById.set(s.id, s);
  const sectionIds = new Set(sectionById.keys());

  const tools = raw.tools.map((t, i): Tool => {
    const at = (...rest: (string | number)[]) => ["tools", i, ...rest];
    const inputNames = Object.keys(asObject(t.input.properties));
    const required = Array.isArray(t.input.required)
      ? (t.input.required as unknown[]).map(String)
      : [];
    if (!sectionIds.has(t.section)) {
      problems.push({
        path: at("section"),
        message: `unknown section '${t.section}'${listHint([...sectionIds])}`,
      });
    }
    if (t.http && t.local) {
      problems.push({
        path: at("local"),
        key: true,
        message: `tool '${t.name}' has both http and local: keep one`,
      });
    } else if (!t.http && !t.local) {
      problems.push({
        path: at("name"),
        message: `tool '${t.name}' needs either an http binding or 'local: true'`,
      });
    }
    const section = sectionById.get(t.section);
    let cli: CliCommand | null | undefined;
    if (section?.cli) {
      if (t.cli === undefined) {
        problems.push({
          path: at("name"),
          message: `tool '${t.name}' is in section '${t.section}', which is on the CLI: declare its cli usage, or 'cli: null' to leave it out`,
        });
      } else
        cli =
          t.cli === null
            ? null
            : parseUsage(t.cli, t.input, required, (m) =>
                problems.push({ path: at("cli", "usage"), message: m }),
              );
    } else if (t.cli !== undefined && section) {
      problems.push({
        path: at("cli"),
        key: true,
        message: `section '${t.section}' is not on the CLI (it has no cli block), so tool '${t.name}' cannot declare one`,
      });
    }
    return {
      name: t.name,
      camelName: camelCase(t.name),
      pascalName: pascalCase(t.name),
      sectionId: t.section,
      short: t.short,
      whenToUse: t.when_to_use,
      input: t.input,
      inputNames,
      required,
      renamedFrom: t.renamed_from ?? [],
      http: t.http
        ? buildHttp(t.http, inputNames, required, (p) =>
            problems.push({
              ...p,
              path:
                p.path[0] === INPUT
                  ? at("input", "properties", ...p.path.slice(1))
                  : at("http", ...p.path),
            }),
          )
        : null,
      cli,
    };
  });

  // Each section's tools in spec order, grouped in one pass rather than a filter per section.
  const toolsBySection = new Map<string, Tool[]>();
  for (const t of tools) {
    const list = toolsBySection.get(t.sectionId);
    if (list) list.push(t);
    else toolsBySection.set(t.sectionId, [t]);
  }
  const sections = raw.sections.map((s): Section => ({
    id: s.id,
    heading: s.heading,
    label: s.label,
    footer: s.footer ?? null,
    cli: s.cli ? { intro: s.cli.intro, closing: s.cli.closing ?? null } : null,
    // A copy each: two sections of one id (an error reported later) must not share a list.
    tools: [...(toolsBySection.get(s.id) ?? [])],
  }));

  const r = raw.targets;
  const targets: Targets = {
    client: {
      package: r.client.package,
      env: {
        baseUrl: r.client.env.base_url,
        workspaceId: r.client.env.workspace_id,
        token: r.client.env.token,
        workspaces: r.client.env.workspaces,
      },
    },
    mcp: {
      package: r.mcp.package,
      bin: r.mcp.bin,
      serverName: r.mcp.server_name,
      runtime: r.mcp.runtime ?? null,
    },
    langchain: { package: r.langchain.package },
    cli: {
      package: r.cli.package,
      bin: r.cli.bin,
      program: r.cli.program ?? r.cli.bin,
      runtime: r.cli.runtime ?? null,
    },
    docs: {
      package: r.docs.package,
      templates:
        r.docs.templates === undefined
          ? null
          : path.resolve(specDir, r.docs.templates),
      budget: r.docs.budget ?? null,
      preamble: r.docs.preamble,
    },
  };
  return { model: { targets, sections, tools }, problems };
}

function buildHttp(
  raw: NonNullable<RawTool["http"]>,
  inputs: readonly string[],
  required: readonly string[],
  report: (p: Problem) => void,
): HttpBinding {
  const known = new Set(inputs);
  const used = new Set<string>();
  const source = (
    value: RawFieldValue,
    where: (string | number)[],
  ): ValueSource => {
    if (typeof value !== "string") return { kind: "const", value: value.const };
    if (value === WORKSPACE) return { kind: "workspace" };
    if (!known.has(value))
      report({
        path: where,
        message: `'${value}' is not an input of this tool${listHint(inputs)}`,
      });
    used.add(value);
    return { kind: "input", input: value };
  };
  const fields = (
    raw: RawFields | Record<string, RawFieldValue> | undefined,
    at: string,
  ): Field[] => {
    if (raw === undefined) return [];
    if (Array.isArray(raw))
      return raw.map((name, i) => ({ name, value: source(name, [at, i]) }));
    return Object.entries(raw).map(([name, value]) => ({
      name,
      value: source(value, [at, name]),
    }));
  };

  const parts: PathPart[] = [];
  const placeholder = /\{([^{}]*)\}/g;
  let last = 0;
  // exec rather than matchAll, which copies the RegExp and makes an iterator per tool; a match is never empty.
  for (
    let m = placeholder.exec(raw.path);
    m !== null;
    m = placeholder.exec(raw.path)
  ) {
    if (m.index > last)
      parts.push({ kind: "literal", text: raw.path.slice(last, m.index) });
    const name = m[1]!;
    const part = source(name, ["path"]);
    if (part.kind === "input" && known.has(name) && !required.includes(name)) {
      report({
        path: ["path"],
        message: `path placeholder {${name}} must be a required input: a path cannot leave it out`,
      });
    }
    parts.push(part);
    last = m.index + m[0].length;
  }
  if (last < raw.path.length)
    parts.push({ kind: "literal", text: raw.path.slice(last) });
  let pathBroken = false;
  for (const part of parts) {
    if (part.kind === "literal" && /[{}?#]/.test(part.text)) {
      pathBroken = true;
      report({
        path: ["path"],
        message:
          "the path may not contain ?, # or unmatched braces: put query values under 'query'",
      });
    }
  }

  const route = raw.route ?? null;
  if (route !== null) {
    if (!known.has(route))
      report({
        path: ["route"],
        message: `route '${route}' is not an input of this tool${listHint(inputs)}`,
      });
    used.add(route);
  }
  const binding: HttpBinding = {
    method: raw.method,
    pathTemplate: raw.path,
    path: parts,
    route,
    query: fields(raw.query, "query"),
    body: raw.body === undefined ? null : fields(raw.body, "body"),
    headers: fields(raw.headers, "headers"),
  };
  if (binding.body && (raw.method === "GET" || raw.method === "DELETE")) {
    report({
      path: ["body"],
      key: true,
      message: `a ${raw.method} request has no body: send these values in the query`,
    });
  }
  for (const { name } of binding.headers) {
    if (name.toLowerCase() === "authorization") {
      report({
        path: ["headers", name],
        key: true,
        message:
          "a binding may not set Authorization: the client sends the routed workspace's own token",
      });
    } else if (!HEADER_NAME.test(name)) {
      report({
        path: ["headers", name],
        key: true,
        message: `'${name}' is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~)`,
      });
    }
  }
  for (const input of inputs) {
    // A placeholder the broken path meant to hold is reported there, not again here.
    if (!used.has(input) && !(pathBroken && raw.path.includes(input))) {
      report({
        path: [INPUT, input],
        key: true,
        message: `input '${input}' is never sent: place it in the path, query, body or headers, or make it the route`,
      });
    }
  }
  return binding;
}

/** `delegate --async <workspace_id> <task>` → keyword `delegate --async`, positionals [workspace_id, task]. */
function parseUsage(
  raw: { usage: string; summary: string },
  input: JsonObject,
  required: readonly string[],
  report: (m: string) => void,
): CliCommand {
  const properties = asObject(input.properties);
  const inputs = Object.keys(properties);
  const words = raw.usage.trim().split(/\s+/);
  const keywords: string[] = [];
  const positionals: string[] = [];
  for (const word of words) {
    const m = /^<([^<>]+)>$/.exec(word);
    if (m) {
      const name = m[1]!;
      if (!inputs.includes(name))
        report(
          `usage placeholder <${name}> is not an input of this tool${listHint(inputs)}`,
        );
      else if (positionals.includes(name))
        report(`usage names <${name}> twice`);
      positionals.push(name);
    } else if (positionals.length > 0) {
      report(
        `usage keyword '${word}' comes after a placeholder: write the keywords and flags first`,
      );
    } else if (!/^(--)?[a-z][a-z0-9-]*$/.test(word)) {
      report(
        `usage word '${word}' is neither a keyword (lower-case letters, digits, -), a --flag nor an <input>`,
      );
    } else keywords.push(word);
  }
  if (keywords.length === 0 || keywords[0]!.startsWith("--"))
    report("usage must start with a command keyword");
  const options = required
    .filter(
      (name) => Object.hasOwn(properties, name) && !positionals.includes(name),
    )
    .map((name) => {
      return mainType(properties[name]) === "boolean"
        ? `--${kebabCase(name)}`
        : `--${kebabCase(name)} <${name}>`;
    });
  const usage = words.join(" ");
  return {
    usage,
    keyword: keywords.join(" "),
    positionals,
    line: [usage, ...options].join(" "),
    summary: raw.summary,
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function listHint(names: readonly string[]): string {
  return names.length ? ` (known: ${names.join(", ")})` : "";
}
