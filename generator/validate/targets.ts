import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { firstSeen, type Check } from "./checked-spec.js";

/**
 * The generated packages are installed side by side: two with one name, two bins with one name,
 * or two settings read from one environment variable cannot all work.
 */
export const checkTargets: Check = ({ raw }) => {
  const problems: Problem[] = [];
  const { client, mcp, langchain, cli, docs } = raw.targets;
  const each = (entries: readonly [JsonPath, string][], what: string) =>
    firstSeen(
      entries.map(([, v]) => v),
      (i, first) =>
        problems.push({
          path: entries[i]![0],
          message: `${what} '${entries[i]![1]}' is already ${entries[first]![0].join(".")}: each needs its own`,
        }),
    );
  each(
    [
      [["targets", "client", "package"], client.package],
      [["targets", "mcp", "package"], mcp.package],
      [["targets", "langchain", "package"], langchain.package],
      [["targets", "cli", "package"], cli.package],
      [["targets", "docs", "package"], docs.package],
    ],
    "package name",
  );
  each(
    [
      [["targets", "mcp", "bin"], mcp.bin],
      [["targets", "cli", "bin"], cli.bin],
    ],
    "bin",
  );
  each(
    [
      [["targets", "client", "env", "base_url"], client.env.base_url],
      [["targets", "client", "env", "workspace_id"], client.env.workspace_id],
      [["targets", "client", "env", "token"], client.env.token],
      [["targets", "client", "env", "workspaces"], client.env.workspaces],
    ],
    "environment variable",
  );
  return problems;
};
