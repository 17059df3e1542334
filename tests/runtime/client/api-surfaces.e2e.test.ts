import { spawn } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { fixtures } from "../../helpers/project.js";
import type { RuntimeClient } from "../../../runtime/client/client.js";

// A spec of an API without workspaces (tests/fixtures/api/tools.yaml), generated with a bearer
// token and with an API key in the query, called as a user would: the TypeScript client, the CLI
// and the MCP bin as subprocesses given only the base URL and the credential. Each request
// carries the credential where the spec says, and nothing any of them prints shows it.
const spec = path.join(fixtures, "api", "tools.yaml");
const TOKEN = "tok-E2E-SECRET-51ab";
const KEY = "key/E2E+SECRET=77&x";

const variants = {
  bearer: {
    auth: "bearer: PETSTORE_TOKEN",
    env: { PETSTORE_TOKEN: TOKEN },
    secrets: [TOKEN],
    sent: (seen: PlatformServer["requests"][number]) =>
      expect(seen.authorization).toBe(`Bearer ${TOKEN}`),
  },
  query: {
    auth: "api_key: { env: PETSTORE_KEY, query: api_key }",
    env: { PETSTORE_KEY: KEY },
    secrets: [KEY, encodeURIComponent(KEY)],
    sent: (seen: PlatformServer["requests"][number]) => {
      expect(seen.query.api_key).toBe(KEY);
      expect(seen.authorization).toBeUndefined();
    },
  },
} as const;
type Variant = keyof typeof variants;
const names = Object.keys(variants) as Variant[];

let platform: PlatformServer;
const installed = new Map<Variant, PlatformFixture>();
beforeAll(async () => {
  platform = await startPlatform();
  for (const name of names)
    installed.set(
      name,
      installPlatformFixture(spec, {
        edit: (text) =>
          text.replace("bearer: PETSTORE_TOKEN", variants[name].auth),
      }),
    );
});
afterAll(async () => {
  for (const fixture of installed.values()) fixture.remove();
  await platform.close();
});
beforeEach(() => platform.reset());

const envOf = (name: Variant) => ({
  PATH: process.env.PATH ?? "",
  PETSTORE_URL: `${platform.url}/v1`,
  ...variants[name].env,
});

function run(
  bin: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(names)("an API client generated with %s auth", (name) => {
  const variant = variants[name];
  const fixture = () => installed.get(name)!;

  it("the TypeScript client sends the credential where the spec says", async () => {
    platform.answer("GET /v1/pets/p1", { body: { id: "p1" } });
    const { createClientFromEnv } = await fixture().load<{
      createClientFromEnv(env: Record<string, string>): RuntimeClient;
    }>("@acme/petstore-client");
    const client = createClientFromEnv(envOf(name));
    expect(await client.$call("get_pet", { pet_id: "p1" })).toEqual({
      id: "p1",
    });
    variant.sent(platform.requests[0]!);
  });

  it("the CLI starts with the base URL and the credential alone, and never prints it", async () => {
    platform.answer("GET /v1/pets/p1", { body: { id: "p1", name: "Rex" } });
    const bin = fixture().bin("@acme/petstore-cli");
    const ok = await run(bin, ["get", "p1"], envOf(name));
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("Rex");
    variant.sent(platform.requests[0]!);
    // The API echoes the request target and the credential back in its refusal.
    platform.otherwise((req) => ({
      status: 401,
      body: { error: `refused ${req.url} ${req.authorization ?? ""}` },
    }));
    const refused = await run(bin, ["get", "p2"], envOf(name));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("[redacted]");
    for (const secret of variant.secrets)
      expect(refused.stdout + refused.stderr).not.toContain(secret);
    const help = await run(bin, ["--help"], envOf(name));
    expect(help.stdout).toContain("PETSTORE_URL");
    expect(help.stdout).not.toContain("WORKSPACE");
  });

  it("the MCP bin serves with the base URL and the credential alone", async () => {
    platform.answer("GET /v1/pets/p1", { body: { id: "p1" } });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture().bin("@acme/petstore-mcp")],
      env: envOf(name),
      stderr: "pipe",
    });
    const client = new Client({ name: "agent", version: "0.0.0" });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: "get_pet",
        arguments: { pet_id: "p1" },
      });
      expect(result.isError).toBeFalsy();
      variant.sent(platform.requests[0]!);
    } finally {
      await client.close();
    }
  });
});
