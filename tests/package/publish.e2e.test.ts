import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { npm, run, type Run } from "../helpers/pack.js";
import { readFixture, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// The packages of a spec that sets a version, as their author publishes them and a user installs
// them: `npm publish --dry-run` of each (against a registry on 127.0.0.1 that knows no package
// and records what it is asked), then the tarballs of `npm pack`, with the runtime package the
// spec names at 1.2.0, installed together into an empty project, imported by name, bins run.

const TARGETS = ["client", "mcp", "langchain", "cli", "docs"] as const;

interface Spec {
  version: string;
  targets: {
    client: { package: string; env: Record<string, string> };
    mcp: { package: string; bin: string; runtime: string };
    langchain: { package: string };
    cli: { package: string; bin: string; runtime: string };
    docs: { package: string };
  };
  tools: { name: string; local?: true; cli?: { usage: string } | null }[];
}

const specText = readFixture("valid", "publishable", "tools.yaml");
const spec = parse(specText) as Spec;
const RUNTIME_VERSION = "1.2.0";

/** The runtime package the spec names: createRuntime({ client, env }) answers the local tools. */
function writeRuntime(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const local = spec.tools.filter((t) => t.local).map((t) => t.name);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    `${JSON.stringify({ name: spec.targets.mcp.runtime, version: RUNTIME_VERSION, type: "module", exports: "./index.js" }, null, 2)}\n`,
  );
  fs.writeFileSync(
    path.join(dir, "index.js"),
    `const handlers = Object.fromEntries(${JSON.stringify(local)}.map((name) => [name, async () => ({ answeredBy: ${JSON.stringify(`${spec.targets.mcp.runtime}@${RUNTIME_VERSION}`)}, tool: name })]));
export function createRuntime() {
  return { handlers, start: async () => {}, stop: async () => {} };
}
`,
  );
}

describe("the packages of a spec that sets a version", () => {
  let temp: string;
  let registry: PlatformServer;
  let consumer: string;
  let installed: Run;
  const packageDir = (t: (typeof TARGETS)[number]) =>
    path.join(temp, "spec", "generated", t);

  beforeAll(async () => {
    temp = tempDir("toolgen-publish-");
    registry = await startPlatform();
    fs.mkdirSync(path.join(temp, "spec"));
    fs.writeFileSync(path.join(temp, "spec", "tools.yaml"), specText);
    const gen = await toolgen(path.join(temp, "spec"));
    expect(gen.stderr).toBe("");
    expect(gen.code).toBe(0);
    writeRuntime(path.join(temp, "runtime"));
  }, 60_000);

  afterAll(async () => {
    await registry?.close();
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  it("each passes npm publish --dry-run, and nothing is sent to the registry to publish", async () => {
    const results = await Promise.all(
      TARGETS.map((t) =>
        run(
          npm,
          ["publish", "--dry-run", "--json", "--registry", `${registry.url}/`],
          packageDir(t),
        ),
      ),
    );
    results.forEach((result, i) => {
      const name = spec.targets[TARGETS[i]!].package;
      expect(result.stderr, name).not.toMatch(/npm error/);
      expect(result.code, name).toBe(0);
      const published = JSON.parse(result.stdout) as Record<
        string,
        { id: string; files: { path: string }[] }
      >;
      expect(published[name]!.id).toBe(`${name}@${spec.version}`);
      expect(published[name]!.files.map((f) => f.path)).toContain(
        "package.json",
      );
    });
    expect(registry.requests.length).toBeGreaterThan(0);
    expect(registry.requests.filter((r) => r.method !== "GET")).toEqual([]);
  }, 120_000);

  describe("packed, and installed together with the runtime package into an empty project", () => {
    beforeAll(async () => {
      const tarballs = path.join(temp, "tarballs");
      fs.mkdirSync(tarballs);
      const packed = await Promise.all(
        [...TARGETS.map(packageDir), path.join(temp, "runtime")].map((dir) =>
          run(npm, ["pack", "--json", "--pack-destination", tarballs], dir),
        ),
      );
      for (const p of packed) expect(p.code, p.stderr).toBe(0);
      consumer = path.join(temp, "consumer");
      fs.mkdirSync(consumer);
      fs.writeFileSync(
        path.join(consumer, "package.json"),
        `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`,
      );
      installed = await run(
        npm,
        [
          "install",
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
          ...packed.map((p) =>
            path.join(
              tarballs,
              (JSON.parse(p.stdout) as [{ filename: string }])[0].filename,
            ),
          ),
        ],
        consumer,
      );
    }, 240_000);

    it("installs: the client and the runtime come from the tarballs, at the spec's versions", () => {
      expect(installed.stderr).not.toMatch(/npm error/);
      expect(installed.code).toBe(0);
      const version = (name: string) =>
        (
          JSON.parse(
            fs.readFileSync(
              path.join(consumer, "node_modules", name, "package.json"),
              "utf8",
            ),
          ) as { version: string }
        ).version;
      for (const t of TARGETS)
        expect(version(spec.targets[t].package), t).toBe(spec.version);
      expect(version(spec.targets.mcp.runtime)).toBe(RUNTIME_VERSION);
    });

    it("imports every package by its name", async () => {
      const names = TARGETS.map((t) => spec.targets[t].package);
      const script = `const out = {};
for (const name of ${JSON.stringify(names)}) out[name] = Object.keys(await import(name)).sort();
process.stdout.write(JSON.stringify(out));`;
      const result = await run(
        process.execPath,
        ["--input-type=module", "-e", script],
        consumer,
      );
      expect(result.stderr).toBe("");
      const exported = JSON.parse(result.stdout) as Record<string, string[]>;
      // One export of each package's contract (docs/packages/index.md, "The package contract").
      expect(exported[spec.targets.client.package]).toContain("createClient");
      expect(exported[spec.targets.mcp.package]).toContain("createServer");
      expect(exported[spec.targets.langchain.package]).toContain("createTools");
      expect(exported[spec.targets.cli.package]).toContain("main");
      expect(exported[spec.targets.docs.package]).toContain("mcpPrompt");
    });

    it("runs the CLI bin: --help lists the spec's commands", async () => {
      const bin = path.join(
        consumer,
        "node_modules",
        ".bin",
        spec.targets.cli.bin,
      );
      const result = await run(bin, ["--help"], consumer);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const keywords = spec.tools
        .filter((t) => t.cli)
        .map((t) => t.cli!.usage.split(" <")[0]!);
      expect(keywords.length).toBeGreaterThan(0);
      for (const keyword of keywords) expect(result.stdout).toContain(keyword);
    });

    it("runs the MCP bin: the real SDK client lists the spec's tools, and the runtime package answers a local one", async () => {
      const env = spec.targets.client.env;
      const transport = new StdioClientTransport({
        command: path.join(
          consumer,
          "node_modules",
          ".bin",
          spec.targets.mcp.bin,
        ),
        env: {
          PATH: process.env.PATH ?? "",
          [env.base_url!]: registry.url,
          [env.workspace_id!]: "ws-1",
          [env.token!]: "token-1234",
        },
        stderr: "pipe",
      });
      const client = new Client({ name: "publish-test", version: "1.0.0" });
      await client.connect(transport);
      try {
        const listed = await client.listTools();
        expect(listed.tools.map((t) => t.name)).toEqual(
          spec.tools.map((t) => t.name),
        );
        const local = spec.tools.find((t) => t.local)!.name;
        const result = await client.callTool({ name: local, arguments: {} });
        expect(result.isError ?? false).toBe(false);
        expect(JSON.stringify(result.content)).toContain(
          `${spec.targets.mcp.runtime}@${RUNTIME_VERSION}`,
        );
      } finally {
        await client.close();
      }
    }, 30_000);
  });
});
