import { placeholderOf } from "./argv.js";
import { credentialVariables, hasWorkspaces } from "../shared/data.js";
import { placeholder } from "./convert.js";
import { mainType } from "./main-type.js";
import type { CliCommandSpec, CliData, CliInput } from "./types.js";

const JSON_HELP = "Print the answer as JSON instead of text";
const EXIT_STATUS =
  "Exit status: 0 success, 1 platform or network error, 2 usage error.";

/** Whether this run of the CLI has a handler for a local tool (its own, or a runtime's). */
export type Answers = (tool: string) => boolean;

/** `<bin> --help`: every command with its summary, the global options and the environment. */
export function globalHelp(data: CliData, answers: Answers): string {
  const lines = [`Usage: ${data.bin} <command> [options]`, "", "Commands:"];
  lines.push(...table(data.commands.map((c) => [c.usage, c.summary])));
  const local = data.commands.filter((c) => c.local);
  const answered = local.filter((c) => answers(c.tool)).map((c) => c.keyword);
  const unanswered = local
    .filter((c) => !answers(c.tool))
    .map((c) => c.keyword);
  if (answered.length > 0)
    lines.push(
      "",
      `Handled by the agent runtime's own code: ${answered.join(", ")}`,
    );
  if (unanswered.length > 0) {
    lines.push(
      "",
      `Handled by the agent runtime (without its handler the command exits 1): ${unanswered.join(", ")}`,
    );
  }
  lines.push("", "Options:");
  lines.push(
    ...table([
      ["--json", JSON_HELP],
      [
        "-h, --help",
        `Show this help; '${data.bin} <command> --help' shows a command's`,
      ],
    ]),
  );
  lines.push("", "Environment:");
  const env = data.env;
  lines.push(
    ...table(
      hasWorkspaces(env)
        ? [
            [env.baseUrl, "The platform's base URL"],
            [env.workspaceId, "The workspace to act as"],
            [env.token, "That workspace's token (never printed)"],
            [
              env.workspaces,
              `Instead of the two above: a JSON array of {"id", "token"}, the first the default`,
            ],
          ]
        : [
            [env.baseUrl, baseUrlHelp(env.defaultBaseUrl)],
            ...credentialVariables(env.auth),
          ],
    ),
  );
  lines.push("", EXIT_STATUS);
  return `${lines.join("\n")}\n`;
}

/** What the base URL's variable holds, and its default when the spec gives one. */
function baseUrlHelp(fallback: string | undefined): string {
  return fallback === undefined
    ? "The API's base URL"
    : `The API's base URL (default ${fallback})`;
}

/** `<bin> <command> --help`: its usage, what it does, its arguments and options. */
export function commandHelp(
  data: CliData,
  command: CliCommandSpec,
  answers: Answers,
): string {
  const positionals = command.inputs.filter((i) => i.option === null);
  const options = command.inputs.filter((i) => i.option !== null);
  const required = options
    .filter((i) => i.required)
    .map((i) => ` ${optionUsage(i)}`);
  const lines = [
    `Usage: ${data.bin} ${command.usage}${required.join("")} [options]`,
    "",
    sentence(command.summary),
  ];
  if (command.description !== sentence(command.summary))
    lines.push("", command.description);
  if (command.local && answers(command.tool)) {
    lines.push(
      "",
      "Handled by the agent runtime's own code, not by the platform.",
    );
  } else if (command.local) {
    lines.push(
      "",
      `Handled by the agent runtime's own code, not by the platform: the plain '${data.bin}' command`,
      `has no handler for it and exits 1; a runtime that has one runs main(argv, { handlers })`,
      `from ${data.package}.`,
    );
  }
  if (positionals.length > 0) {
    lines.push("", "Arguments:");
    lines.push(
      ...table(positionals.map((i) => [placeholderOf(i), describe(i)])),
    );
  }
  lines.push("", "Options:");
  lines.push(
    ...table([
      ...options.map((i) => [optionUsage(i), describe(i)] as const),
      ["--json", JSON_HELP],
      ["-h, --help", "Show this help"],
    ]),
  );
  lines.push("", EXIT_STATUS);
  return `${lines.join("\n")}\n`;
}

/** How a usage error ends: where to read the right usage. */
export function usageHint(
  data: CliData,
  command: CliCommandSpec | null,
): string {
  return command
    ? `Run '${data.bin} ${command.keyword} --help' for its usage.`
    : `Run '${data.bin} --help' to list the commands.`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function optionUsage(input: CliInput): string {
  const type = mainType(input.schema);
  if (type === "boolean") return `--${input.option}, --no-${input.option}`;
  return `--${input.option} ${placeholder(input.schema)}`;
}

function describe(input: CliInput): string {
  const notes: string[] = [];
  if (input.option !== null && input.required) notes.push("required");
  if (input.option !== null && mainType(input.schema) === "array")
    notes.push("repeatable");
  if (input.schema.default !== undefined)
    notes.push(
      `default: ${typeof input.schema.default === "string" ? input.schema.default : JSON.stringify(input.schema.default)}`,
    );
  const text = input.schema.description ?? "";
  const suffix = notes.length > 0 ? `(${notes.join(", ")})` : "";
  return [text, suffix].filter(Boolean).join(" ");
}

/** Two columns, the second starting two spaces after the longest first cell. */
function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) =>
    right ? `  ${left.padEnd(width)}  ${right}` : `  ${left}`,
  );
}
