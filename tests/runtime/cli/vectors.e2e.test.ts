import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { repoRoot } from "../../helpers/project.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";

// The shared CLI vectors (tests/vectors/cli/*.json, described in its README) run against the
// TypeScript CLI of the reference spec: @molecule/platform-cli's main, as its bin calls it,
// started by vector-bin.mjs as a real subprocess against a real HTTP server.
// tests/python/test_cli_vectors.py runs the same files against the Python CLI.

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}
interface Request {
  readonly method: string;
  readonly path: string;
  readonly query: [string, string][];
  readonly headers: Record<string, string | null>;
  readonly body: unknown;
}
interface Vector {
  readonly about: string;
  readonly argv: string[];
  readonly env: Record<string, string>;
  readonly runtime?: string;
  readonly platform?: Reply;
  readonly requests: Request[];
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
}

const dir = path.join(repoRoot, "tests", "vectors", "cli");
const vectors = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({
    name: f.slice(0, -".json".length),
    vector: JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Vector,
  }));
const commands = JSON.parse(
  fs.readFileSync(
    path.join(repoRoot, "generated", "cli", "commands.json"),
    "utf8",
  ),
) as {
  env: Record<string, string>;
  commands: { keyword: string; local: boolean }[];
};
const bin = path.join(repoRoot, "tests", "runtime", "cli", "vector-bin.mjs");

let platform: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

/** A vector's environment: `$baseUrl` and the like are the spec's own variable names. */
function environment(vector: Vector): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(vector.env)) {
    const name = commands.env[key.slice(1)];
    if (!key.startsWith("$") || name === undefined)
      throw new Error(`unknown environment key ${key}`);
    env[name] = value.replaceAll("{platform}", platform.url);
  }
  if (vector.runtime !== undefined) env.TOOLGEN_TEST_RUNTIME = vector.runtime;
  return env;
}

describe("the CLI vectors, against the TypeScript CLI", () => {
  it.each(vectors)("$name", async ({ vector }) => {
    platform.reset();
    const reply = vector.platform;
    if (reply !== undefined) platform.otherwise(() => reply);
    const run = await runBin(bin, vector.argv, environment(vector));
    const shown = (text: string) => text.replaceAll(platform.url, "{platform}");
    expect({
      exit: run.code,
      stdout: shown(run.stdout),
      stderr: shown(run.stderr),
    }).toEqual({
      exit: vector.exit,
      stdout: vector.stdout,
      stderr: vector.stderr,
    });
    expect(
      platform.requests.map((seen, i) => ({
        method: seen.method,
        path: seen.path,
        query: seen.queryList,
        headers: Object.fromEntries(
          Object.keys(vector.requests[i]?.headers ?? {}).map((name) => [
            name,
            seen.headers[name] ?? null,
          ]),
        ),
        body: seen.body ?? null,
      })),
    ).toEqual(vector.requests);
  });

  it("cover every command of the reference spec and each of its exit codes", () => {
    const ran = vectors.map(({ vector }) => vector.argv.join(" "));
    for (const { keyword } of commands.commands)
      expect(ran.some((argv) => argv.startsWith(keyword))).toBe(true);
    const exits = new Set(vectors.map(({ vector }) => vector.exit));
    expect([...exits].sort()).toEqual([0, 1, 2]);
  });
});
