// toolgen side by side with a peer generator, openapi-mcp-generator, as whole processes on the
// same synthetic tools: toolgen reads them as tools.yaml, the peer as the equivalent OpenAPI
// YAML (bench/openapi.mjs). The peer is installed on demand into a cache folder, never as a
// dependency of toolgen, so only `npm run bench -- --peer` needs the npm registry.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measuredRun, repoRoot } from "./gen.mjs";
import { interleaved, runNode } from "./measure.mjs";
import { openApiYaml } from "./openapi.mjs";
import { NPM_TARGETS, syntheticSpec } from "./spec.mjs";
import { markdownTable } from "./table.mjs";

export const PEER = { name: "openapi-mcp-generator", version: "4.0.1" };

/** The cache folder: $TOOLGEN_BENCH_CACHE, else $XDG_CACHE_HOME/toolgen-bench, else node_modules/.cache. */
export function peerCacheDir(env = process.env) {
  const base =
    env.TOOLGEN_BENCH_CACHE ??
    (env.XDG_CACHE_HOME
      ? path.join(env.XDG_CACHE_HOME, "toolgen-bench")
      : path.join(repoRoot, "node_modules/.cache/toolgen-bench"));
  return path.join(base, `peer-${PEER.version}`);
}

/**
 * The peer's CLI script, installed into `cache` first when it is not there yet
 * (`npm install --prefix <cache> --no-save`: toolgen's package.json and lock stay untouched).
 */
export function ensurePeer(cache, log) {
  const pkgDir = path.join(cache, "node_modules", PEER.name);
  const installed = () => {
    try {
      const pkg = JSON.parse(
        fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"),
      );
      return pkg.version === PEER.version ? pkg : undefined;
    } catch {
      return undefined;
    }
  };
  let pkg = installed();
  if (!pkg) {
    log(`installing ${PEER.name}@${PEER.version} into ${cache}…\n`);
    fs.mkdirSync(cache, { recursive: true });
    const npm = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        cache,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        `${PEER.name}@${PEER.version}`,
      ],
      {
        stdio: ["ignore", 2, 2],
        shell: process.platform === "win32",
      },
    );
    if (npm.status !== 0 || !(pkg = installed()))
      throw new Error(
        `could not install ${PEER.name}@${PEER.version} into ${cache} (npm exited ${npm.status})`,
      );
  }
  const bin =
    typeof pkg.bin === "string" ? pkg.bin : (pkg.bin[PEER.name] ?? "");
  return path.join(pkgDir, bin);
}

/** The peer generating its server from the OpenAPI document `input` into `out`, measured once. */
export function runPeer(peerBin, input, out, cwd) {
  const run = runNode([peerBin, "-i", input, "-o", out], { cwd });
  if (run.status !== 0)
    throw new Error(
      `${PEER.name} exited ${run.status}:\n${run.stderr.slice(0, 4000)}`,
    );
  return run;
}

/**
 * Measures, interleaved, on `count` synthetic tools: toolgen gen (all seven targets) and gen with
 * only the client and MCP targets, each into an empty folder and again over its own previous
 * output, gen --check (all seven), and the peer on the same tools as OpenAPI. The "empty folder"
 * runs and the peer's have their folder removed before each run, off the clock, so they write
 * their whole output; "again" is the usual `npm run gen` after a change elsewhere, which finds
 * every file up to date and writes none. The order of the six rotates from run to run.
 */
export function benchPeer(count, { runs, warmup, peerBin }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `toolgen-peer-${count}-`));
  try {
    const specText = syntheticSpec(count, 1, { targets: NPM_TARGETS });
    const spec = path.join(dir, "tools.yaml");
    fs.writeFileSync(spec, specText);
    const narrowSpec = path.join(dir, "tools-client-mcp.yaml");
    fs.writeFileSync(
      narrowSpec,
      syntheticSpec(count, 1, { targets: ["client", "mcp"] }),
    );
    const openapi = path.join(dir, "openapi.yaml");
    const openApiText = openApiYaml(specText);
    fs.writeFileSync(openapi, openApiText);
    const genAll = ["--spec", spec, "--out"];
    const genNarrow = ["--spec", narrowSpec, "--out"];
    const previous = path.join(dir, "previous");
    const previousNarrow = path.join(dir, "previous-client-mcp");
    measuredRun([...genAll, previous], dir, 0);
    measuredRun([...genNarrow, previousNarrow], dir, 0);

    const fresh = (folder) => {
      const at = path.join(dir, folder);
      fs.rmSync(at, { recursive: true, force: true });
      return at;
    };
    const measures = {
      gen: () => measuredRun([...genAll, fresh("gen")], dir, 0),
      genAgain: () => measuredRun([...genAll, previous], dir, 0),
      genClientMcp: () =>
        measuredRun([...genNarrow, fresh("gen-client-mcp")], dir, 0),
      genClientMcpAgain: () =>
        measuredRun([...genNarrow, previousNarrow], dir, 0),
      check: () => measuredRun([...genAll, previous, "--check"], dir, 0),
      peer: () => runPeer(peerBin, openapi, fresh("peer"), dir),
    };
    const figures = interleaved(measures, { runs, warmup });
    const files = (folder) =>
      fs
        .readdirSync(path.join(dir, folder), { recursive: true })
        .filter((f) => fs.statSync(path.join(dir, folder, f)).isFile()).length;
    return {
      tools: count,
      specBytes: Buffer.byteLength(specText),
      openApiBytes: Buffer.byteLength(openApiText),
      files: {
        gen: files("gen"),
        genClientMcp: files("gen-client-mcp"),
        peer: files("peer"),
      },
      ...figures,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The targets against the peer, on the medians of wall time; the ratios of the minimums
 * and of the medians of CPU time (user + system) alongside, since a busy machine moves those less.
 */
export function peerVerdicts(rows) {
  const v = [];
  const ratio = (row, a, b) => ({
    median: row[a].wall.median / row[b].wall.median,
    min: row[a].wall.min / row[b].wall.min,
    cpu: row[a].cpu.median / row[b].cpu.median,
  });
  const push = (what, r, limit) =>
    v.push({
      what,
      value: `${r.median.toFixed(2)}× (mins ${r.min.toFixed(2)}×, CPU ${r.cpu.toFixed(2)}×)`,
      target: `≤ ${limit.toFixed(1)}×`,
      met: r.median <= limit,
      ratio: r,
    });
  for (const row of rows) {
    const n = row.tools.toLocaleString("en");
    const pair = (what, a, b, limit) => {
      push(
        `${what} into an empty folder / peer, ${n} tools`,
        ratio(row, a, "peer"),
        limit,
      );
      push(`${what} again / peer, ${n} tools`, ratio(row, b, "peer"), limit);
    };
    if (row.tools === 15)
      pair("gen, all seven targets,", "gen", "genAgain", 1.3);
    if (row.tools === 1000 || row.tools === 5000) {
      pair("gen, all seven targets,", "gen", "genAgain", 1.0);
      pair(
        "gen, client and MCP only,",
        "genClientMcp",
        "genClientMcpAgain",
        0.8,
      );
    }
    push(
      `gen --check / gen again, ${n} tools`,
      ratio(row, "check", "genAgain"),
      1.0,
    );
    if (row.tools === 5000) {
      const peak = Math.max(
        ...[
          "gen",
          "genAgain",
          "genClientMcp",
          "genClientMcpAgain",
          "check",
        ].map((k) => row[k].rssMb.max),
      );
      v.push({
        what: "peak RSS of toolgen, 5,000 tools",
        value: `${peak.toFixed(0)} MB`,
        target: "< 300 MB",
        met: peak < 300,
      });
    }
  }
  return v;
}

/** Each size's runs as a Markdown table, the peer's run the unit of the ratios: the lines to print. */
export function peerTables(rows) {
  const s = (x) => x.toFixed(2);
  const triple = (w) => `${s(w.min)} / ${s(w.median)} / ${s(w.max)}`;
  const measured = [
    ["gen, 7 targets, empty folder", "gen"],
    ["gen, 7 targets, again", "genAgain"],
    ["gen, client+MCP, empty folder", "genClientMcp"],
    ["gen, client+MCP, again", "genClientMcpAgain"],
    ["gen --check, 7 targets", "check"],
    [`${PEER.name}, empty folder`, "peer"],
  ];
  return rows.flatMap((r) => [
    `${r.tools.toLocaleString("en")} tools: tools.yaml ${(r.specBytes / 1024).toFixed(0)} KB, OpenAPI ${(r.openApiBytes / 1024).toFixed(0)} KB; files written: gen ${r.files.gen}, client+MCP ${r.files.genClientMcp}, peer ${r.files.peer}`,
    markdownTable(
      [
        "run",
        "wall (s) min / median / max",
        "median / peer",
        "CPU (s) median",
        "CPU / peer",
        "peak RSS (MB)",
      ],
      measured.map(([label, key]) => [
        label,
        triple(r[key].wall),
        (r[key].wall.median / r.peer.wall.median).toFixed(2),
        s(r[key].cpu.median),
        (r[key].cpu.median / r.peer.cpu.median).toFixed(2),
        r[key].rssMb.max.toFixed(0),
      ]),
    ),
    "",
  ]);
}

/** --peer: toolgen and the peer on the same tools, a table of the runs and one of the targets. */
export function comparePeer({ sizes, runs, warmup, outFile, host, out }) {
  const peerBin = ensurePeer(peerCacheDir(), (t) => process.stderr.write(t));
  const peerRows = [];
  for (const size of sizes) {
    process.stderr.write(
      `measuring toolgen and ${PEER.name} on ${size} tools (${runs} interleaved runs of each)…\n`,
    );
    peerRows.push(benchPeer(size, { runs, warmup, peerBin }));
  }
  out(
    `toolgen and ${PEER.name}@${PEER.version} on the same synthetic tools, as whole processes, ${runs} interleaved runs of each (CPU: user + system; peak RSS: the max over runs)`,
  );
  for (const line of peerTables(peerRows)) out(line);
  const verdicts = peerVerdicts(peerRows);
  if (verdicts.length > 0) {
    out("targets against the peer, on medians of wall time:");
    for (const v of verdicts)
      out(
        `  ${v.met ? "met   " : "MISSED"}  ${v.what}: ${v.value} (target ${v.target})`,
      );
  }
  const loadAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
  out();
  out(
    `load average at the end: ${loadAfter.join(" ")} (figures taken under load are slower than the tool is)`,
  );
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine: host, loadAfter, runs, warmup, peer: PEER, rows: peerRows, targets: verdicts }, null, 2)}\n`,
  );
  out();
  out(`figures written to ${path.relative(process.cwd(), outFile) || outFile}`);
}
