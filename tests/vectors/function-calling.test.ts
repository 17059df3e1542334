import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClientFromEnv, tools } from "@molecule/platform-client";
import { dispatchResult } from "@molecule/platform-function-calling";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { repoRoot } from "../helpers/project.js";

// The TypeScript side of the shared function-calling vectors (tests/vectors/function-calling/):
// the generated package, imported by its name, against a real platform server on 127.0.0.1.
// tests/python/test_function_calling_vectors.py replays the same files against the Python runtime.

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly arguments: unknown;
  readonly handler?: { returns?: unknown; echo?: true; raises?: string };
  readonly platform?: { status: number; body?: unknown };
  readonly text: string;
  readonly isError: boolean;
  readonly sent?: number;
  readonly request?: { method: string; path: string; body?: unknown };
}
interface VectorFile {
  readonly env: { workspaceId: string; token: string };
  readonly cases: readonly Case[];
}

const dir = path.join(repoRoot, "tests/vectors/function-calling");
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({
    file: f,
    data: JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as VectorFile,
  }));

const localNames = tools.filter((t) => t.local).map((t) => t.name);
/** The environment variables the client reads, as the spec names them. */
const envNames = (
  JSON.parse(
    fs.readFileSync(path.join(repoRoot, "generated/client/tools.json"), "utf8"),
  ) as { env: { baseUrl: string; workspaceId: string; token: string } }
).env;

/** Every local tool's handler, each answering as the case says (one that is never meant to run fails the case). */
function handlersFor(
  c: Case,
): Record<string, (input: unknown) => Promise<unknown>> {
  const handle = async (input: unknown): Promise<unknown> => {
    if (c.handler === undefined)
      throw new Error(`no handler expected in "${c.name}"`);
    if (c.handler.raises !== undefined) throw new Error(c.handler.raises);
    if (c.handler.echo) return input;
    return c.handler.returns;
  };
  return Object.fromEntries(localNames.map((n) => [n, handle]));
}

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatform();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe.each(files)("$file", ({ data }) => {
  it.each(data.cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    server.otherwise(
      () =>
        c.platform ?? {
          status: 500,
          body: { error: "no platform answer in this case" },
        },
    );
    const client = createClientFromEnv({
      [envNames.baseUrl]: server.url,
      [envNames.workspaceId]: data.env.workspaceId,
      [envNames.token]: data.env.token,
    });
    const result = await dispatchResult(c.tool as never, c.arguments, {
      client,
      handlers: handlersFor(c),
    } as never);
    expect(result.text).toBe(c.text);
    expect(result.isError).toBe(c.isError);
    if (c.sent !== undefined) expect(server.requests).toHaveLength(c.sent);
    if (c.request !== undefined) {
      const [seen] = server.requests;
      expect(seen?.method).toBe(c.request.method);
      expect(seen?.path).toBe(c.request.path);
      if ("body" in c.request) expect(seen?.body).toEqual(c.request.body);
    }
  });
});
