import { resolveAnnotations } from "./annotations.js";
import { buildCatalog } from "./catalog.js";
import { cliType } from "./main-type.js";
import { camelCase, kebabCase, pascalCase } from "./names.js";
import { publish } from "./publish.js";
import { envNames, pythonTarget } from "./python.js";
import type {
  RawFields,
  RawFieldValue,
  RawMcpView,
  RawSpec,
  RawTool,
  RawView,
} from "./raw.js";
import type {
  CliCommand,
  Field,
  HttpBinding,
  McpView,
  Model,
  PathPart,
  Section,
  Targets,
  Tool,
  ValueSource,
  View,
} from "./types.js";
import { asRecord } from "../../runtime/shared/record.js";

const WORKSPACE = "$workspace";

/**
 * Resolves a valid spec (one generator/validate/ found no error in) into the model: names
 * cased, defaults applied, bindings and usages read. It checks nothing and reports nothing.
 * (The templates folder a spec may name is an input read by io/, not part of the model.)
 */
export function buildModel(value: unknown): Model {
  const raw = value as RawSpec;
  // Without the cli target, the CLI decisions are ignored: no section is on the CLI.
  const withCli =
    raw.targets.cli !== undefined || raw.targets.python !== undefined;
  const sectionById = new Map(raw.sections.map((s) => [s.id, s]));

  const tools = raw.tools.map((t): Tool => {
    const inputNames = Object.keys(asRecord(t.input.properties));
    const required = Array.isArray(t.input.required)
      ? (t.input.required as unknown[]).map(String)
      : [];
    const onCli = withCli && Boolean(sectionById.get(t.section)?.cli);
    return {
      name: t.name,
      camelName: camelCase(t.name),
      pascalName: pascalCase(t.name),
      sectionId: t.section,
      title: t.title ?? null,
      short: t.short,
      whenToUse: t.when_to_use,
      input: t.input,
      inputNames,
      required,
      output: t.output ?? null,
      annotations: resolveAnnotations(t.annotations, t.http?.method ?? null),
      renamedFrom: t.renamed_from ?? [],
      http: t.http ? buildHttp(t.http) : null,
      cli: !onCli
        ? undefined
        : t.cli
          ? buildCommand(t.cli, t, inputNames, required)
          : null,
      // A view of an undeclared target is ignored, as the CLI decisions are without the cli target.
      mcp: mcpView(
        (raw.targets.mcp || raw.targets.python) && t.mcp,
        t.short,
        inputNames,
      ),
      langchain: view(
        (raw.targets.langchain || raw.targets.python) && t.langchain,
        t.short,
        inputNames,
      ),
      aiSdk: view(raw.targets.ai_sdk && t.ai_sdk, t.short, inputNames),
      functionCalling: view(
        (raw.targets.function_calling || raw.targets.python) &&
          t.function_calling,
        t.short,
        inputNames,
      ),
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
    checkDocs: s.check_docs !== false,
    cli:
      withCli && s.cli
        ? {
            intro: s.cli.intro,
            closing: s.cli.closing ?? null,
            commands: commandOrder(toolsBySection.get(s.id) ?? [], s.cli.order),
          }
        : null,
    tools: toolsBySection.get(s.id) ?? [],
  }));

  const { client, mcp, langchain, cli, docs, ai_sdk, function_calling } =
    raw.targets;
  const targets: Targets = {
    client: client
      ? {
          package: client.package,
          publish: publish(raw, "client"),
          env: envNames(client),
        }
      : null,
    mcp: mcp
      ? {
          package: mcp.package,
          bin: mcp.bin,
          serverName: mcp.server_name,
          runtime: mcp.runtime ?? null,
          runtimeVersion: mcp.runtime_version ?? "*",
          instructions: mcp.instructions ?? true,
          httpTokenEnv: mcp.http_token_env ?? null,
          publish: publish(raw, "mcp"),
        }
      : null,
    langchain: langchain
      ? { package: langchain.package, publish: publish(raw, "langchain") }
      : null,
    cli: cli
      ? {
          package: cli.package,
          bin: cli.bin,
          program: cli.program ?? cli.bin,
          runtime: cli.runtime ?? null,
          runtimeVersion: cli.runtime_version ?? "*",
          publish: publish(raw, "cli"),
        }
      : null,
    docs: docs
      ? {
          package: docs.package,
          publish: publish(raw, "docs"),
          budget: docs.budget ?? null,
          preamble: docs.preamble,
        }
      : null,
    ai_sdk: ai_sdk
      ? { package: ai_sdk.package, publish: publish(raw, "ai_sdk") }
      : null,
    function_calling: function_calling
      ? {
          package: function_calling.package,
          publish: publish(raw, "function_calling"),
        }
      : null,
    python: pythonTarget(raw),
  };
  const acknowledgedBreaks = (raw.acknowledged_breaks ?? []).map((a) => ({
    tool: a.tool,
    change: a.change,
    reason: a.reason,
  }));
  return {
    targets,
    sections,
    tools,
    catalog: buildCatalog(raw),
    acknowledgedBreaks,
  };
}

function buildHttp(raw: NonNullable<RawTool["http"]>): HttpBinding {
  const source = (value: RawFieldValue): ValueSource =>
    typeof value !== "string"
      ? { kind: "const", value: value.const }
      : value === WORKSPACE
        ? { kind: "workspace" }
        : { kind: "input", input: value };
  const fields = (raw: RawFields | undefined): Field[] => {
    if (raw === undefined) return [];
    if (Array.isArray(raw))
      return raw.map((name) => ({ name, value: source(name) }));
    return Object.entries(raw).map(([name, value]) => ({
      name,
      value: source(value),
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
    parts.push(source(m[1]!));
    last = m.index + m[0].length;
  }
  if (last < raw.path.length)
    parts.push({ kind: "literal", text: raw.path.slice(last) });

  return {
    method: raw.method,
    pathTemplate: raw.path,
    path: parts,
    route: raw.route ?? null,
    query: fields(raw.query),
    body:
      raw.body === undefined
        ? null
        : "$input" in raw.body && typeof raw.body.$input === "string"
          ? { input: raw.body.$input }
          : fields(raw.body as RawFields),
    headers: fields(raw.headers),
    idempotencyKey: raw.idempotency_key ?? null,
  };
}

/** What a consumer shows of a tool: its own description or the tool's short, the inputs it hides in schema order. */
function view(
  raw: RawView | undefined,
  short: string,
  inputNames: readonly string[],
): View {
  const hide = new Set(raw?.hide ?? []);
  return {
    description: raw?.description ?? short,
    hidden: inputNames.filter((name) => hide.has(name)),
  };
}

/** The MCP view: a view, and the icons, _meta and execution tools/list carries as declared. */
function mcpView(
  raw: RawMcpView | undefined,
  short: string,
  inputNames: readonly string[],
): McpView {
  return {
    ...view(raw, short, inputNames),
    icons: (raw?.icons ?? []).map((icon) => ({
      src: icon.src,
      ...(icon.mime_type === undefined ? {} : { mimeType: icon.mime_type }),
      ...(icon.sizes === undefined ? {} : { sizes: icon.sizes }),
      ...(icon.theme === undefined ? {} : { theme: icon.theme }),
    })),
    meta: raw?.meta ?? null,
    // Validated: any other task_support is refused until the servers support MCP tasks.
    execution: raw?.execution ? { taskSupport: "forbidden" } : null,
  };
}

/** A section's tools with a command, in `order` when the spec gives one (validated: each once), else in tool order. */
function commandOrder(
  tools: readonly Tool[],
  order: readonly string[] | undefined,
): Tool[] {
  const commands = tools.filter((t) => t.cli);
  if (order === undefined) return commands;
  const byName = new Map(commands.map((t) => [t.name, t]));
  return order.map((name) => byName.get(name)!);
}

/**
 * `delegate --async <workspace_id> <task...>` → keyword `delegate --async`, positionals
 * [workspace_id, task], the last taking the rest of the words.
 */
function buildCommand(
  raw: NonNullable<RawTool["cli"]>,
  tool: RawTool,
  inputNames: readonly string[],
  required: readonly string[],
): CliCommand {
  const properties = asRecord(tool.input.properties);
  const words = raw.usage.trim().split(/\s+/);
  const keywords: string[] = [];
  const positionals: string[] = [];
  let variadic = false;
  for (const word of words) {
    const m = /^<([^<>]+?)(\.\.\.)?>$/.exec(word);
    if (m) {
      positionals.push(m[1]!);
      variadic = m[2] !== undefined;
    } else keywords.push(word);
  }
  const own = view(raw, tool.short, inputNames);
  const options = required
    .filter(
      (name) =>
        Object.hasOwn(properties, name) &&
        !positionals.includes(name) &&
        !own.hidden.includes(name),
    )
    .map((name) =>
      cliType(properties[name], tool.input) === "boolean"
        ? `--${kebabCase(name)}`
        : `--${kebabCase(name)} <${name}>`,
    );
  const usage = words.join(" ");
  return {
    usage,
    keyword: keywords.join(" "),
    positionals,
    variadic,
    description: own.description,
    hidden: own.hidden,
    line: [usage, ...options].join(" "),
    summary: raw.summary,
  };
}
