import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MAIN } from "./cases.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";

// The version the bin announces in initialize: the spec's, which every generated package.json
// carries, over stdio and over --http, to the real SDK client.

const SPEC_VERSION = "1.2.3";
const PACKAGE = "@molecule/platform-mcp";
const specText = `version: ${SPEC_VERSION}\n${fs.readFileSync(platformFixturePath, "utf8")}`;
const serverName = (
  parse(specText) as { targets: { mcp: { server_name: string } } }
).targets.mcp.server_name;

let fixture: PlatformFixture;
/** The MCP package's own version, as its package.json says. */
let packageVersion: string;
beforeAll(() => {
  fixture = installPlatformFixture(platformFixturePath, {
    edit: () => specText,
  });
  const dir = fixture.consumer.packages.get(PACKAGE)!;
  packageVersion = (
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
});
afterAll(() => fixture.remove());

const env = {
  PATH: process.env.PATH ?? "",
  PLATFORM_URL: "http://127.0.0.1:9",
  WORKSPACE_ID: MAIN.id,
  MOLECULE_WORKSPACE_TOKEN: MAIN.token,
};
const clients: Client[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0))
    if (child.exitCode === null) child.kill("SIGKILL");
});

describe("the MCP bin's version", () => {
  it("is the spec's, in package.json", () => {
    expect(packageVersion).toBe(SPEC_VERSION);
  });

  it("is announced over stdio", async () => {
    const client = new Client({ name: "agent", version: "1.0.0" });
    clients.push(client);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [fixture.bin(PACKAGE)],
        env,
        stderr: "pipe",
      }),
    );
    expect(client.getServerVersion()).toEqual({
      name: serverName,
      version: packageVersion,
    });
  });

  it("is announced over --http", async () => {
    const child = spawn(
      process.execPath,
      [fixture.bin(PACKAGE), "--http", "0"],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(child);
    const url = await new Promise<URL>((resolve, reject) => {
      let stderr = "";
      child.stderr!.setEncoding("utf8").on("data", (t: string) => {
        stderr += t;
        const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
        if (match) resolve(new URL(match[1]!));
      });
      child.on("close", (code) =>
        reject(new Error(`the bin ended (${code}) before serving: ${stderr}`)),
      );
    });
    const client = new Client({ name: "agent", version: "1.0.0" });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(url));
    expect(client.getServerVersion()).toEqual({
      name: serverName,
      version: packageVersion,
    });
  });
});
