import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specInput, type GeneratedFile } from "../../generator/index.js";
import { MANIFEST, manifestPaths } from "../../generator/io/manifest.js";
import {
  importAll,
  installConsumer,
  removeConsumer,
  typecheck,
  type Consumer,
} from "../hardening/consumer.js";
import { generateFromDisk } from "../helpers/generate.js";
import { fixtures, repoRoot } from "../helpers/project.js";

// A spec declares the targets it wants: gen writes their packages, and no other.

interface Fixture {
  readonly spec: {
    targets: Record<string, { package: string; bin?: string }>;
    tools: {
      name: string;
      short: string;
      input: unknown;
      http?: { method: string };
    }[];
  };
  readonly files: readonly GeneratedFile[];
}

function generateFixture(name: string): Fixture {
  const file = path.join(fixtures, "valid", name, "tools.yaml");
  const text = fs.readFileSync(file, "utf8");
  const { files } = generateFromDisk(specInput(file, text, repoRoot));
  return { spec: parse(text) as Fixture["spec"], files };
}

/** The folder of a target's package, where it is not the target's key. */
const FOLDER: Record<string, string> = {
  ai_sdk: "ai-sdk",
  function_calling: "function-calling",
};
const folderOf = (target: string) => FOLDER[target] ?? target;

/** The top-level folders of the output: one per generated package. */
const folders = (files: readonly GeneratedFile[]) =>
  [
    ...new Set(
      files.filter((f) => f.path !== MANIFEST).map((f) => f.path.split("/")[0]),
    ),
  ].sort();

/** The package names the output's package.json files declare. */
const packageNames = (files: readonly GeneratedFile[]) =>
  files
    .filter((f) => /^[^/]+\/package\.json$/.test(f.path))
    .map((f) => (JSON.parse(f.content) as { name: string }).name)
    .sort();

describe.each([
  ["docs-only", ["docs"]],
  ["client-only", ["client"]],
  ["client-mcp", ["client", "mcp"]],
  ["client-model-libraries", ["client", "ai_sdk", "function_calling"]],
])("the spec %s", (name, targets) => {
  const { spec, files } = generateFixture(name);

  it("declares exactly the targets this test expects", () => {
    expect(Object.keys(spec.targets).sort()).toEqual([...targets].sort());
  });

  it("generates the declared targets' packages and no other", () => {
    expect(folders(files)).toEqual(targets.map(folderOf).sort());
    expect(packageNames(files)).toEqual(
      targets.map((t) => spec.targets[t]!.package).sort(),
    );
  });

  it("lists in the manifest exactly the files it generates", () => {
    const manifest = files.find((f) => f.path === MANIFEST)!.content;
    expect([...manifestPaths(manifest)]).toEqual(
      files.map((f) => f.path).filter((p) => p !== MANIFEST),
    );
  });

  it("installs alone: its packages type-check and import by name", () => {
    const consumer = installConsumer([files]);
    try {
      expect(typecheck(consumer)).toEqual([]);
      const run = importAll(consumer, "__targets_canary__");
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    } finally {
      removeConsumer(consumer);
    }
  });
});

describe("CLI decisions without the cli target", () => {
  it("are ignored: the prompt docs have no CLI text of a section", () => {
    const { spec, files } = generateFixture("docs-only");
    const raw = spec as unknown as {
      sections: { id: string; cli?: unknown }[];
    };
    const onCli = raw.sections.filter((s) => s.cli !== undefined);
    expect(onCli.length).toBeGreaterThan(0);
    for (const s of onCli) {
      expect(files.map((f) => f.path)).toContain(
        `docs/sections/${s.id}.mcp.md`,
      );
      expect(files.map((f) => f.path)).not.toContain(
        `docs/sections/${s.id}.cli.md`,
      );
    }
  });
});

describe("a spec with only client and mcp", () => {
  const { spec, files } = generateFixture("client-mcp");
  let consumer: Consumer | undefined;
  afterAll(() => {
    if (consumer) removeConsumer(consumer);
  });

  it("serves its tools to the real MCP SDK client", async () => {
    consumer = installConsumer([files]);
    const mcp = spec.targets.mcp!;
    const folder = consumer.packages.get(mcp.package)!;
    const manifest = JSON.parse(
      fs.readFileSync(path.join(folder, "package.json"), "utf8"),
    ) as { bin: Record<string, string> };
    const client = new Client({ name: "agent", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(folder, manifest.bin[mcp.bin!]!)],
        env: {
          PATH: process.env.PATH ?? "",
          ACME_URL: "http://127.0.0.1:9",
          ACME_WORKSPACE: "w1",
          ACME_TOKEN: "tok-acme-1",
        },
        stderr: "pipe",
      }),
    );
    try {
      const listed = await client.listTools();
      // A GET tool is read-only: the one hint the fixture's tools derive.
      expect(listed.tools).toEqual(
        spec.tools.map((t) => ({
          name: t.name,
          description: t.short,
          inputSchema: t.input,
          ...(t.http?.method === "GET"
            ? { annotations: { readOnlyHint: true } }
            : {}),
        })),
      );
    } finally {
      await client.close();
    }
  });
});
