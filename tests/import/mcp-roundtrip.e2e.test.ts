import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { listOverStdio } from "../../generator/import/mcp-source.js";
import {
  installConsumer,
  removeConsumer,
  type Consumer,
} from "../hardening/consumer.js";
import { repoRoot, snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// toolgen import mcp against nine real servers (devDependencies, run over stdio): the spec it writes,
// generated and served by the generated bin, lists every tool byte for byte as the server did,
// key order included, and names itself as the server does; importing it again changes nothing.

const consumers: Consumer[] = [];
afterAll(() => consumers.forEach(removeConsumer));

/** The command that starts an installed server package's bin. */
function serverCommand(name: string, ...args: string[]): string[] {
  const folder = path.join(repoRoot, "node_modules", name);
  const { bin } = JSON.parse(
    fs.readFileSync(path.join(folder, "package.json"), "utf8"),
  ) as { bin: string | Record<string, string> };
  const entry = typeof bin === "string" ? bin : Object.values(bin)[0]!;
  return [process.execPath, path.join(folder, entry), ...args];
}

/** Serves the generated bin over HTTP on a free port, and imports from its URL. */
async function importOverHttp(bin: string): Promise<string> {
  const child = spawn(process.execPath, [bin, "--http", "127.0.0.1:0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    let said = "";
    child.stderr.setEncoding("utf8");
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (d: string) => {
        said += d;
        const found = /serving MCP at (\S+)/.exec(said);
        if (found) resolve(found[1]!);
      });
      child.once("exit", () => reject(new Error(`the bin ended: ${said}`)));
    });
    const dir = tempDir("toolgen-import-http-");
    const run = await toolgen(dir, "import", "mcp", url);
    expect(run.code, run.stderr).toBe(0);
    return fs.readFileSync(path.join(dir, "tools.yaml"), "utf8");
  } finally {
    child.kill();
  }
}

const servers: [string, string[]][] = [
  ["@modelcontextprotocol/server-memory", []],
  ["@modelcontextprotocol/server-everything", []],
  ["@modelcontextprotocol/server-sequential-thinking", []],
  ["@modelcontextprotocol/server-filesystem", [tempDir("toolgen-fs-")]],
  ["@modelcontextprotocol/server-github", []],
  ["@modelcontextprotocol/server-puppeteer", []],
  ["@playwright/mcp", []],
  ["@upstash/context7-mcp", []],
  ["chrome-devtools-mcp", []],
];

describe.each(servers)("toolgen import mcp -- %s", (name, args) => {
  it("writes a spec whose generated server lists the same tools, byte for byte", async () => {
    const command = serverCommand(name, ...args);
    const original = await listOverStdio(command, 60_000);
    expect(original.tools.length).toBeGreaterThan(0);

    const dir = tempDir("toolgen-import-");
    const imported = await toolgen(dir, "import", "mcp", "--", ...command);
    expect(imported.code, imported.stderr).toBe(0);
    // What the spec cannot carry is reported; here only task support, which toolgen's servers
    // do not offer (a tool that requires tasks is listed without its execution).
    const noted = [
      ...imported.stderr.matchAll(
        /^note: tool "([^"]+)": execution\.taskSupport "(?:optional|required)" is not carried: .+$/gm,
      ),
    ].map((m) => m[1]!);
    expect(imported.stderr.split("\n").filter(Boolean)).toHaveLength(
      noted.length,
    );
    // Importing again from the same server changes nothing, byte for byte.
    const written = fs.readFileSync(path.join(dir, "tools.yaml"), "utf8");
    const again = await toolgen(dir, "import", "mcp", "--", ...command);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /^toolgen import: tools\.yaml: nothing changed \(/,
    );
    expect(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8")).toBe(written);
    const generated = await toolgen(dir);
    expect(generated.code, generated.stderr).toBe(0);

    const spec = parse(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8"));
    const files = Object.entries(snapshotDir(path.join(dir, "generated"))).map(
      ([file, content]) => ({ path: file, content }),
    );
    const consumer = installConsumer([files]);
    consumers.push(consumer);
    const mcp = consumer.packages.get(spec.targets.mcp.package)!;
    const bin = path.join(mcp, "bin", `${spec.targets.mcp.bin}.js`);
    // Every tool is local: the bin starts without the client's settings.
    const served = await listOverStdio([process.execPath, bin], 60_000);
    expect(served.name).toBe(original.name);
    // Over Streamable HTTP the same server gives the same spec (the source's line aside).
    if (name === servers[0]![0]) {
      const viaHttp = await importOverHttp(bin);
      const body = (text: string) => text.split("\n").slice(1).join("\n");
      expect(body(viaHttp)).toBe(
        body(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8")),
      );
    }
    expect(served.version).toBe(original.version);
    expect(served.tools.map((t) => JSON.stringify(t))).toEqual(
      original.tools.map((t) => {
        if (!noted.includes(t.name as string)) return JSON.stringify(t);
        const { execution: _, ...rest } = t;
        return JSON.stringify(rest);
      }),
    );
  });
});
