import { bearer } from "../../../runtime/client/auth.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureOutput, renderings } from "./leaks.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../../../runtime/client/config.js";
import { ERROR_EXCERPT_BYTES } from "../../../runtime/client/transport.js";

// The client generated from the platform fixture: the tools these tests call never change
// with tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { ClientError, ConfigError, createClient, PlatformError } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");

const A = { id: "ws-a", token: "tok-limit-a-7c3e91" };
let platform: PlatformServer;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

/** Streams `bytes` bytes and resolves with how many were written when the client stopped reading. */
function streamed(bytes: number, status = 200, head = "") {
  let sent!: (n: number) => void;
  const written = new Promise<number>((resolve) => (sent = resolve));
  platform.otherwise(() => ({
    status,
    headers: { "content-type": "text/plain" },
    stream: { bytes, head, sent },
  }));
  return written;
}

async function rejection(call: () => Promise<unknown>): Promise<Error> {
  const { error, output } = await captureOutput(call);
  expect(error).toBeInstanceOf(Error);
  expect(renderings(error) + output).not.toContain(A.token);
  return error as Error;
}

describe("response bodies are capped while they stream", () => {
  it("a success answer over the client's maxResponseBytes fails, and the rest is never read", async () => {
    const limit = 1024 * 1024;
    const total = 256 * 1024 * 1024;
    const written = streamed(total);
    const client = createClient({
      baseUrl: platform.url,
      workspace: A,
      maxResponseBytes: limit,
    });
    const e = await rejection(() => client.getWorkspaceInfo());
    expect(e).toBeInstanceOf(ClientError);
    expect(e.message).toBe(
      `get_workspace_info: the platform's answer (HTTP 200) is larger than ${limit} bytes, the client's maxResponseBytes; it was not read`,
    );
    // The server could write only what the socket's buffers took before the client hung up.
    expect(await written).toBeLessThan(total / 4);
  });

  it("the default limit is DEFAULT_MAX_RESPONSE_BYTES: one byte more fails, the limit itself passes", async () => {
    const client = createClient({ baseUrl: platform.url, workspace: A });
    void streamed(DEFAULT_MAX_RESPONSE_BYTES + 1);
    const e = await rejection(() => client.getWorkspaceInfo());
    expect(e.message).toContain(
      `larger than ${DEFAULT_MAX_RESPONSE_BYTES} bytes`,
    );
    void streamed(DEFAULT_MAX_RESPONSE_BYTES);
    const answer = await client.getWorkspaceInfo();
    expect(typeof answer === "string" && answer.length).toBe(
      DEFAULT_MAX_RESPONSE_BYTES,
    );
  });

  it("a huge error answer keeps a bounded, redacted excerpt and is not read whole", async () => {
    const total = 256 * 1024 * 1024;
    const written = streamed(total, 500, `failed for token ${A.token}: `);
    const client = createClient({ baseUrl: platform.url, workspace: A });
    const e = (await rejection(() =>
      client.getWorkspaceInfo(),
    )) as InstanceType<typeof PlatformError>;
    expect(e).toBeInstanceOf(PlatformError);
    expect(e.status).toBe(500);
    expect(typeof e.body).toBe("string");
    const body = e.body as string;
    expect(body.startsWith("failed for token [redacted]: xxx")).toBe(true);
    expect(body.length).toBeLessThanOrEqual(ERROR_EXCERPT_BYTES + 1);
    expect(e.message.length).toBeLessThanOrEqual(1001);
    expect(await written).toBeLessThan(total / 4);
  });

  it("a limit that is not a positive whole number is a ConfigError", () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN])
      expect(() =>
        createClient({ baseUrl: platform.url, workspace: A, maxResponseBytes }),
      ).toThrow(ConfigError);
  });
});

describe("the path never leaves the base URL's prefix", () => {
  it.each([
    ["/..", "/workspaces/{$workspace}/../admin"],
    ["/%2e%2e", "/workspaces/{$workspace}/%2e%2e/admin"],
    ["/%2E.", "/workspaces/{$workspace}/%2E./admin"],
    ["/.", "/workspaces/{$workspace}/./admin"],
  ])(
    "a binding path with %s is refused at run time, before any request",
    async (_, path) => {
      const { planRequest } =
        await import("../../../runtime/client/request.js");
      const { send } = await import("../../../runtime/client/transport.js");
      const { resolveConfig } =
        await import("../../../runtime/client/config.js");
      const config = resolveConfig({
        baseUrl: `${platform.url}/api`,
        workspace: A,
      });
      // The binding as a spec that gen did not check would give it: literal text around $workspace.
      const [before, after] = path.split("{$workspace}") as [string, string];
      const plan = planRequest(
        "t",
        {
          method: "GET",
          path: [{ text: before }, { workspace: true }, { text: after }],
          route: null,
          query: [],
          body: null,
          headers: [],
        },
        {},
        A.id,
      );
      const x = {
        config,
        tool: "t",
        auth: bearer(A.token),
        options: undefined,
      };
      await expect(send(plan, x)).rejects.toThrow(
        "t: the path would leave the base URL's path",
      );
      expect(platform.requests).toEqual([]);
      // The same binding without the dot segment goes where it says.
      platform.otherwise(() => ({ body: {} }));
      await send(
        planRequest(
          "t",
          {
            method: "GET",
            path: [{ text: before }, { workspace: true }, { text: "/admin" }],
            route: null,
            query: [],
            body: null,
            headers: [],
          },
          {},
          A.id,
        ),
        x,
      );
      expect(platform.requests.map((r) => r.path)).toEqual([
        `/api${before}${A.id}/admin`,
      ]);
    },
  );
});
