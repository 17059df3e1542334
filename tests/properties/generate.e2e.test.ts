import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkTree,
  hasDrift,
  specInput,
  writeTree,
  type GeneratedFile,
} from "../../generator/index.js";
import { layoutProblems } from "../helpers/layout.js";
import { tempDir } from "../helpers/temp.js";
import {
  installConsumer,
  removeConsumer,
  typecheck,
} from "../hardening/consumer.js";
import { specArbitrary } from "./arbitraries.js";
import { generateFromDisk } from "../helpers/generate.js";
import { RUNS, SEED, seeded } from "./settings.js";

/** Time for one property: generous per run, so a long hunt is not cut short. */
const TIMEOUT = 60_000 + RUNS * 5_000;
/** Specs type-checked together in one real tsc run (it costs seconds whatever the count). */
const TYPECHECKED = Math.max(2, Math.ceil(RUNS / 8));

function gen(yaml: string): readonly GeneratedFile[] {
  return generateFromDisk(specInput("tools.yaml", yaml, os.tmpdir())).files;
}

describe("random valid specs", () => {
  it(
    "generate, byte for byte the same twice, into a tree a second write leaves alone",
    async () => {
      await fc.assert(
        fc.asyncProperty(specArbitrary("prop"), async ({ yaml }) => {
          const files = gen(yaml);
          expect(gen(yaml)).toEqual(files);
          for (const f of files) expect(f.content, f.path).not.toMatch(/\r/);
          const out = tempDir("toolgen-prop-");
          try {
            writeTree(out, files);
            const again = writeTree(out, files);
            expect(again.written).toEqual([]);
            expect(again.deleted).toEqual([]);
            expect(hasDrift(await checkTree(out, files))).toBe(false);
          } finally {
            fs.rmSync(out, { recursive: true, force: true });
          }
        }),
        seeded(RUNS),
      );
    },
    TIMEOUT,
  );

  it(
    "carry every tool's name, short and input schema unchanged into the client's table, which MCP lists",
    () => {
      fc.assert(
        fc.property(specArbitrary("prop"), ({ yaml, inputs, shorts }) => {
          const table = gen(yaml).find((f) => f.path === "client/tools.json");
          expect(table).toBeDefined();
          const tools = (
            JSON.parse(table!.content) as {
              tools: {
                name: string;
                short: string;
                inputSchema: unknown;
              }[];
            }
          ).tools;
          expect(tools.map((t) => t.name)).toEqual(Object.keys(inputs));
          for (const t of tools) {
            expect(t.short).toBe(shorts[t.name]);
            // Key order included: the table is the spec's schema byte for byte.
            expect(JSON.stringify(t.inputSchema)).toBe(
              JSON.stringify(inputs[t.name]),
            );
          }
        }),
        seeded(RUNS),
      );
    },
    TIMEOUT,
  );

  it(
    "keep the fixed layout, and parse",
    () => {
      fc.assert(
        fc.property(specArbitrary("prop"), ({ yaml }) => {
          expect(gen(yaml).flatMap(layoutProblems)).toEqual([]);
        }),
        seeded(RUNS),
      );
    },
    TIMEOUT,
  );

  it(
    `type-check strictly, and list every schema unchanged through the real MCP SDK client (${TYPECHECKED} specs)`,
    () => {
      // One seed for the batch, printed with any failure: TOOLGEN_PROPERTY_SEED=<seed> replays it.
      const seed = SEED;
      const samples = Array.from(
        { length: TYPECHECKED },
        (_, i) =>
          fc.sample(specArbitrary(`prop${i}`), {
            numRuns: 1,
            seed: seed + i,
          })[0]!,
      );
      const consumer = installConsumer(samples.map((s) => gen(s.yaml)));
      try {
        expect(typecheck(consumer), `TOOLGEN_PROPERTY_SEED=${seed}`).toEqual(
          [],
        );

        const script = `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
const listed = [];
for (let i = 0; i < ${samples.length}; i++) {
  const mcp = await import("@prop" + i + "/mcp");
  const { createClient } = await import("@prop" + i + "/client");
  const handlers = Object.fromEntries(mcp.localTools.map((name) => [name, async () => null]));
  const client0 = createClient({ baseUrl: "http://127.0.0.1:9", workspace: { id: "w", token: "token-t-1" } });
  const server = mcp.createServer({ client: client0, handlers });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "property", version: "0.0.0" });
  await Promise.all([server.connect(b), client.connect(a)]);
  listed.push((await client.listTools()).tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })));
  await client.close();
}
process.stdout.write(JSON.stringify(listed));`;
        const run = spawnSync(
          process.execPath,
          ["--input-type=module", "-e", script],
          { cwd: consumer.dir, encoding: "utf8" },
        );
        expect(run.stderr, `TOOLGEN_PROPERTY_SEED=${seed}`).toBe("");
        const listed = JSON.parse(run.stdout) as {
          name: string;
          description: string;
          inputSchema: unknown;
        }[][];
        samples.forEach((s, i) => {
          expect(listed[i]!.map((t) => t.name)).toEqual(Object.keys(s.inputs));
          for (const t of listed[i]!) {
            expect(t.description).toBe(s.shorts[t.name]);
            expect(JSON.stringify(t.inputSchema)).toBe(
              JSON.stringify(s.inputs[t.name]),
            );
          }
        });
      } finally {
        removeConsumer(consumer);
      }
    },
    TIMEOUT,
  );
});
