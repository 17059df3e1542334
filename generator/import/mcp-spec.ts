import { isRecord } from "../../runtime/shared/record.js";
import { printable } from "../../runtime/shared/printable.js";
import { isSemver } from "../validate/semver.js";
import type { ImportDoc, ImportedTool } from "./import-doc.js";
import type { McpToolList } from "./mcp-source.js";

/** How `toolgen import mcp` names what MCP does not carry. */
export interface ImportNames {
  /** The base of the package, bin and environment names (`<base>-client`, `<BASE>_URL`…). */
  readonly base: string;
  /** The section every tool goes in. */
  readonly section: string;
  /** Where the tools came from, for the spec's comments (a file, a command, a URL). */
  readonly source: string;
}

/** A tool's keys as toolgen's server lists them (runtime/mcp/table.ts): any other order is reported. */
const LISTED_ORDER = [
  "name",
  "title",
  "icons",
  "description",
  "inputSchema",
  "annotations",
  "execution",
  "_meta",
  "outputSchema",
];

/** What an MCP import fills by rule: MCP carries no section, short or when_to_use. */
const FILLED = ["section", "short", "when_to_use"];

/** What an MCP import carries from a tool, set or not: a re-import removes what the source dropped. */
const CARRIES = [
  "title",
  "output",
  "annotations",
  "mcp.description",
  "mcp.icons",
  "mcp.meta",
  "mcp.execution",
];

const HINTS: Record<string, string> = {
  title: "title",
  readOnlyHint: "read_only",
  destructiveHint: "destructive",
  idempotentHint: "idempotent",
  openWorldHint: "open_world",
};

const ICON_KEYS: Record<string, string> = {
  src: "src",
  mimeType: "mime_type",
  sizes: "sizes",
  theme: "theme",
};

/**
 * The names an import derives from a server's name: a base for packages (npm's lowercase
 * letters, digits and dashes) and a section id (toolgen's identifiers).
 */
export function derivedNames(serverName: string): {
  base: string;
  section: string;
} {
  const words = serverName.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const base = words.join("-").replace(/^[^a-z]+/, "") || "imported";
  return { base: base.slice(0, 60), section: base.slice(0, 64) };
}

/**
 * The spec of a server's tools, each a local tool listed exactly as the source lists it.
 * What MCP does not carry is filled by rule (docs/import.md): one section per server; `short`,
 * the description's first line; `when_to_use`, the whole description; the MCP description the
 * whole text where it is more than its first line.
 */
export function mcpImportDoc(list: McpToolList, names: ImportNames): ImportDoc {
  const notes: string[] = [];
  const serverName = list.name ?? names.base;
  const env = names.base.toUpperCase().replace(/-/g, "_");
  const tools = list.tools.map((tool, i): ImportedTool => ({
    comment: `tools/list, tool ${i + 1}`,
    tool: specTool(tool, names.section, notes),
    filled: FILLED,
  }));
  const version =
    list.version !== null && isSemver(list.version) ? list.version : null;
  if (list.version !== null && version === null)
    notes.push(
      `the server's version ${JSON.stringify(list.version)} is not semver: the packages are 0.0.0`,
    );
  return {
    header: [
      `Imported by toolgen import mcp from ${printable(names.source)}${list.name === null ? "" : ` (${printable(list.name)}${list.version === null ? "" : ` ${printable(list.version)}`})`}.`,
      "Every tool is local: your runtime package answers it. runtime/index.js beside this file",
      "lists the handlers to write; then name its package in targets.mcp.runtime.",
    ],
    ...(version === null ? {} : { version }),
    targets: {
      client: {
        package: `${names.base}-client`,
        env: {
          base_url: `${env}_URL`,
          workspace_id: `${env}_WORKSPACE_ID`,
          token: `${env}_TOKEN`,
          workspaces: `${env}_WORKSPACES`,
        },
      },
      mcp: {
        package: `${names.base}-mcp`,
        bin: `${names.base}-mcp`,
        server_name: serverName,
      },
    },
    sections: [
      {
        id: names.section,
        heading: list.title ?? serverName,
        label: list.title ?? serverName,
      },
    ],
    tools,
    carries: CARRIES,
    notes,
  };
}

function specTool(
  tool: Record<string, unknown>,
  section: string,
  notes: string[],
): Record<string, unknown> {
  const name = tool.name as string;
  const say = (what: string) =>
    notes.push(`tool ${JSON.stringify(name)}: ${what}`);
  for (const key of Object.keys(tool))
    if (!LISTED_ORDER.includes(key)) say(`'${key}' is not carried`);
  const order = Object.keys(tool).filter((k) => LISTED_ORDER.includes(k));
  const listed = LISTED_ORDER.filter((k) => order.includes(k));
  if (order.join() !== listed.join())
    say(
      `its keys are listed in toolgen's order (${listed.join(", ")}), not the source's (${order.join(", ")})`,
    );
  const description =
    typeof tool.description === "string" ? tool.description : null;
  const title = typeof tool.title === "string" ? tool.title : null;
  const short = firstLine(description) ?? title ?? name.replace(/[_-]+/g, " ");
  if (description === null || description.trim() === "")
    say("it has no description: it is listed with its short");
  const mcp: Record<string, unknown> = {};
  if (
    description !== null &&
    description.trim() !== "" &&
    description !== short
  )
    mcp.description = description;
  const icons = Array.isArray(tool.icons)
    ? tool.icons.map((icon) => renamed(icon, ICON_KEYS, "an icon", say))
    : undefined;
  if (icons !== undefined) mcp.icons = icons;
  if (isRecord(tool._meta)) mcp.meta = tool._meta;
  if (isRecord(tool.execution)) {
    const support = tool.execution.taskSupport;
    if (support === undefined || support === "forbidden")
      mcp.execution = { task_support: "forbidden" };
    else
      say(
        `execution.taskSupport ${JSON.stringify(support)} is not carried: toolgen's servers do not run MCP tasks`,
      );
  }
  return {
    name,
    section,
    ...(title === null ? {} : { title }),
    short,
    when_to_use:
      description !== null && description.trim() !== "" ? description : short,
    input: tool.inputSchema,
    ...(isRecord(tool.outputSchema) ? { output: tool.outputSchema } : {}),
    ...(isRecord(tool.annotations)
      ? {
          annotations: renamed(
            tool.annotations,
            HINTS,
            "annotations",
            say,
            OTHER_ANNOTATION,
          ),
        }
      : {}),
    ...(Object.keys(mcp).length === 0 ? {} : { mcp }),
    local: true,
  };
}

/**
 * An object with each key renamed to the spec's; another key is kept as written where the spec
 * passes such keys through (`other`: annotations), and else reported.
 */
function renamed(
  value: unknown,
  keys: Record<string, string>,
  what: string,
  say: (what: string) => void,
  other?: RegExp,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(isRecord(value) ? value : {})) {
    const to = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (to !== undefined) out[to] = v;
    else if (other?.test(key)) out[key] = v;
    else say(`'${key}' of ${what} is not carried`);
  }
  return out;
}

/** The annotations tools.yaml passes through as written (tools.schema.json's pattern). */
const OTHER_ANNOTATION = /^[a-z][a-zA-Z0-9]*$/;

/** The first line of a text with something on it, trimmed; null for none. */
function firstLine(text: string | null): string | null {
  const line = text
    ?.split(/\r\n|[\n\r\u2028\u2029]/)
    .map((l) => l.trim())
    .find((l) => l !== "");
  return line ?? null;
}
