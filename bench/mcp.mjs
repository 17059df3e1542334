// The generated MCP server at scale: a synthetic spec is generated into a throwaway project whose
// node_modules links the generated packages under their names (plus toolgen's own dependencies),
// and bench/mcp-probe.mjs runs there over the SDK's in-memory transport.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./gen.mjs";
import { summary } from "./measure.mjs";
import { syntheticSpec } from "./spec.mjs";

/** Why the MCP part cannot run here, or undefined when it can. */
export function mcpUnavailable() {
  const runtime = path.join(repoRoot, "runtime/mcp/serve.ts");
  if (!fs.existsSync(runtime))
    return "the MCP target's runtime (runtime/mcp/serve.ts) is not there yet";
  if (
    !fs.existsSync(
      path.join(repoRoot, "node_modules/@modelcontextprotocol/sdk"),
    )
  )
    return "@modelcontextprotocol/sdk is not installed";
  return undefined;
}

export function benchMcp({ tools, lists, calls, rounds }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolgen-bench-mcp-"));
  try {
    fs.writeFileSync(path.join(dir, "tools.yaml"), syntheticSpec(tools));
    const gen = spawnSync(
      process.execPath,
      [path.join(repoRoot, "bin/toolgen.mjs"), "--spec", "tools.yaml"],
      { cwd: dir, encoding: "utf8" },
    );
    if (gen.status !== 0)
      throw new Error(
        `toolgen failed on the ${tools}-tool spec:\n${gen.stderr}`,
      );
    linkModules(dir);
    fs.copyFileSync(
      path.join(repoRoot, "bench/mcp-probe.mjs"),
      path.join(dir, "probe.mjs"),
    );
    const probe = spawnSync(
      process.execPath,
      ["probe.mjs", JSON.stringify({ lists, calls, rounds })],
      { cwd: dir, encoding: "utf8" },
    );
    if (probe.status !== 0)
      throw new Error(`the MCP probe failed:\n${probe.stderr}`);
    const r = JSON.parse(probe.stdout.trim().split("\n").at(-1));
    const wired = summary(r.wiredMs);
    const bare = summary(r.bareMs);
    // Rounds alternate wired and bare, so each pair saw the same load: the overhead is the median
    // of the pairs' differences. Below zero it is noise, and is reported as such, not as a gain.
    const overhead = summary(r.wiredMs.map((ms, i) => ms - r.bareMs[i]));
    return {
      tools: r.tools,
      tool: r.target,
      loadMs: r.loadMs,
      createMs: r.createMs,
      listMs: summary(r.listMs),
      bareListMs: summary(r.bareListMs),
      callMs: { wired, bare },
      overheadMs: overhead.median,
      overheadSpreadMs: overhead.max - overhead.min,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** node_modules of the temp project: each generated package under its name, toolgen's dependencies beside them. */
function linkModules(dir) {
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(modules);
  const own = path.join(repoRoot, "node_modules");
  for (const name of fs.readdirSync(own)) {
    if (!name.startsWith(".") && name !== "@bench")
      fs.symlinkSync(
        path.join(own, name),
        path.join(modules, name),
        "junction",
      );
  }
  const generated = path.join(dir, "generated");
  for (const target of fs.readdirSync(generated, { withFileTypes: true })) {
    const manifest = path.join(generated, target.name, "package.json");
    if (!target.isDirectory() || !fs.existsSync(manifest)) continue;
    const { name } = JSON.parse(fs.readFileSync(manifest, "utf8"));
    const link = path.join(modules, ...name.split("/"));
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(generated, target.name), link, "junction");
  }
}
