import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type {
  CreateToolsOptions,
  PlatformTool as ToolOf,
  SpecTypes,
} from "../../../runtime/langchain/surface.js";
import type { LocalHandler } from "../../../runtime/shared/handler.js";
import {
  startPlatform,
  type PlatformServer,
  type Seen,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";

// What the package-*.test.ts share. Importing this module sets the test file up: it installs the
// fixture's packages, starts the platform server and resets it before each test; `server`,
// `client` and `handled` are then the current ones.

// The packages generated from the platform fixture (a frozen copy of tools.yaml), whose tools
// these tests name; typed by the runtime's own surface over the fixture's names, never by the
// repository's generated packages, whose tools change as tools.yaml is edited.
export type LocalHandlers = { readonly [tool: string]: LocalHandler };
interface FixtureSpec extends SpecTypes {
  readonly sections: { readonly [id: string]: string };
  readonly inputs: { readonly [tool: string]: { [name: string]: unknown } };
  readonly handlers: LocalHandlers;
  readonly client: FixtureClient;
}
export type PlatformTool = ToolOf<FixtureSpec, string>;
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
export const { createClient, PlatformError, InputError, validateInput } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");
export const { createTools } = await fixture.load<{
  createTools(
    options: CreateToolsOptions<FixtureSpec, string, string> & {
      readonly handlers?: Partial<LocalHandlers>;
    },
  ): PlatformTool[];
}>("@molecule/platform-langchain");

export const TOKENS = {
  primary: "tok-primary-1f2e",
  second: "tok-second-9a8b",
};

export let server: PlatformServer;
export let client: FixtureClient;
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
