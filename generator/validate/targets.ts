import type { Code } from "./codes.js";
import type { RawAuth } from "../model/raw.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { firstSeen, type Check } from "./checked-spec.js";
import { quoted } from "../diagnostics/quoted.js";

/** The targets that call the platform through the client package, and what each one is. */
const NEEDS_CLIENT = [
  ["mcp", "the MCP package"],
  ["langchain", "the LangChain package"],
  ["cli", "the CLI package"],
  ["ai_sdk", "the AI SDK package"],
  ["function_calling", "the function-calling package"],
] as const;

/**
 * A spec declares the targets it wants (tools.schema.json asks for at least one). The MCP,
 * LangChain, CLI, AI SDK and function-calling packages import the client package, so each needs
 * the client target; the docs package stands alone.
 *
 * The generated packages are installed side by side: two declared packages with one name, two
 * bins with one name, or two settings read from one environment variable cannot all work.
 */
export const checkTargets: Check = ({ targets, declared }) => {
  const problems: Problem[] = [];
  const { client, mcp, cli, docs, langchain, ai_sdk, function_calling } =
    targets;
  for (const [target, what] of NEEDS_CLIENT)
    if (declared.has(target) && !declared.has("client"))
      problems.push({
        path: ["targets", target],
        key: true,
        message: `targets.${target} needs targets.client: ${what} calls the platform through the client package`,
        code: "target-needs-client",
      });
  const each = (
    entries: readonly (readonly [JsonPath, string | undefined])[],
    what: string,
    code: Code,
  ) => {
    const declared = entries.filter(
      (e): e is readonly [JsonPath, string] => e[1] !== undefined,
    );
    firstSeen(
      declared.map(([, v]) => v),
      (i, first) =>
        problems.push({
          path: declared[i]![0],
          message: `${declared[i]![0].join(".")} ${quoted(declared[i]![1])} is already ${declared[first]![0].join(".")}: each needs its own ${what}`,
          code,
        }),
    );
  };
  each(
    [
      [["targets", "client", "package"], client?.package],
      [["targets", "mcp", "package"], mcp?.package],
      [["targets", "langchain", "package"], langchain?.package],
      [["targets", "cli", "package"], cli?.package],
      [["targets", "docs", "package"], docs?.package],
      [["targets", "ai_sdk", "package"], ai_sdk?.package],
      [["targets", "function_calling", "package"], function_calling?.package],
    ],
    "package name",
    "duplicate-package-name",
  );
  each(
    [
      [["targets", "mcp", "bin"], mcp?.bin],
      [["targets", "cli", "bin"], cli?.bin],
    ],
    "bin",
    "duplicate-bin",
  );
  each(
    [
      [["targets", "client", "env", "base_url"], client?.env.base_url],
      [["targets", "client", "env", "workspace_id"], client?.env.workspace_id],
      [["targets", "client", "env", "token"], client?.env.token],
      [["targets", "client", "env", "workspaces"], client?.env.workspaces],
      ...authEnvNames(client?.auth, ["targets", "client", "auth"]),
      [["targets", "mcp", "http_token_env"], mcp?.http_token_env],
    ],
    "environment variable",
    "duplicate-env-name",
  );
  return problems;
};

/** The variables an API's credential reads, each at its path: for duplicate checks. */
export function authEnvNames(
  auth: RawAuth | undefined,
  at: JsonPath,
): (readonly [JsonPath, string | undefined])[] {
  if (auth === undefined) return [];
  return [
    [[...at, "bearer"], auth.bearer],
    [[...at, "api_key", "env"], auth.api_key?.env],
    [[...at, "basic", "username"], auth.basic?.username],
    [[...at, "basic", "password"], auth.basic?.password],
  ];
}
