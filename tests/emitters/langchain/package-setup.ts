import type { LocalHandlers, PlatformClient } from "@molecule/platform-client";
import type { PlatformTool } from "@molecule/platform-langchain";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  startPlatform,
  type PlatformServer,
  type Seen,
} from "../../helpers/platform-server.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";

// What the package-*.test.ts share. Importing this module sets the test file up: it installs the
// fixture's packages, starts the platform server and resets it before each test; `server`,
// `client` and `handled` are then the current ones.

// The packages generated from the platform fixture (a frozen copy of tools.yaml), whose tools
// these tests name; typed as the repository's generated packages, which have the same interface.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
export const { createClient, PlatformError } = await fixture.load<
  typeof import("@molecule/platform-client")
>("@molecule/platform-client");
export const { createTools } = await fixture.load<
  typeof import("@molecule/platform-langchain")
>("@molecule/platform-langchain");

export const TOKENS = {
  primary: "tok-primary-1f2e",
  second: "tok-second-9a8b",
};

export let server: PlatformServer;
export let client: PlatformClient;
/** Every local handler call, in order. */
export let handled: { tool: string; input: unknown; ctx: unknown }[];

const record =
  (tool: string, answer: unknown) =>
  async (input: unknown, ctx: unknown): Promise<unknown> => {
    handled.push({ tool, input, ctx });
    return answer;
  };

export const handlers: LocalHandlers = {
  delegate_task: record("delegate_task", { answer: "done by peer" }),
  get_runtime_identity: record("get_runtime_identity", {
    model: "m-1",
    tier: "standard",
  }),
  send_message_to_user: record("send_message_to_user", "sent"),
  wait_for_message: record("wait_for_message", null),
  inbox_peek: record("inbox_peek", []),
  inbox_pop: record("inbox_pop", { removed: true }),
};

beforeAll(async () => {
  server = await startPlatform();
  client = createClient({
    baseUrl: server.url,
    workspaces: [
      { id: "ws-primary", token: TOKENS.primary },
      { id: "ws-second", token: TOKENS.second },
    ],
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.otherwise(() => ({ status: 200, body: { ok: true } }));
  handled = [];
});

/** Method, path and decoded query of a request: how the client encodes a space is its own business. */
export function target(r: Seen): [string, string, Record<string, string>] {
  const url = new URL(r.url, "http://platform.test");
  return [r.method, url.pathname, Object.fromEntries(url.searchParams)];
}

export function byName(
  tools: readonly PlatformTool[],
  name: string,
): PlatformTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}
