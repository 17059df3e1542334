#!/usr/bin/env node
// npm run bench [-- --sizes ref,15,100,1000,5000 --runs 5 --warmup 1 --no-mcp --no-python]
// toolgen as whole processes on the reference and synthetic specs, then the generated MCP server
// and the Python package (bench/python.mjs); a table, and bench/out/results.json. `--peer`: side
// by side with a peer instead (bench/peer.mjs); `--profile`: bench/profile.mjs. Figures are
// never asserted in `npm test`: this only reports, and marks the issue's targets.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { benchGen, repoRoot } from "./gen.mjs";
import { compareGithub } from "./github.mjs";
import { machine } from "./measure.mjs";
import { benchMcp, mcpUnavailable } from "./mcp.mjs";
import * as py from "./python.mjs";
import { comparePeer, PEER } from "./peer.mjs";
import { syntheticSpec } from "./spec.mjs";
import { markdownTable } from "./table.mjs";

// The profile has options of its own: everything after --profile goes to bench/profile.mjs.
const profileAt = process.argv.indexOf("--profile");
if (profileAt >= 0) {
  const profile = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, "bench/profile.mjs"),
      ...process.argv.slice(2, profileAt),
      ...process.argv.slice(profileAt + 1),
    ],
    { stdio: "inherit" },
  );
  process.exit(profile.status ?? 1);
}

const HELP = `Usage: npm run bench -- [options]

  --sizes <list>   specs to measure, comma-separated: ref (the repository's tools.yaml)
                   and tool counts (default: ref,15,100,1000,5000; with --peer 15,1000,5000)
  --runs <n>       measured runs of gen, gen --check and diff per spec (default: 5;
                   3 for specs of 5,000 tools or more, but with --peer)
  --warmup <n>     unmeasured runs of each first (default: 1)
  --no-mcp         skip the generated MCP server's part
  --no-python      skip the Python package's part (gen with and without it at 1,000 tools,
                   the package's import time and tools/list over stdio; needs .venv)
  --mcp-tools <n>  tools in the MCP server's spec (default: 1000)
  --peer           instead, toolgen side by side with ${PEER.name}@${PEER.version} on the
                   same synthetic tools (as OpenAPI for the peer): gen, gen with only the
                   client and MCP targets, gen --check and the peer's CLI, interleaved.
                   Installs the peer on first use into $TOOLGEN_BENCH_CACHE, else
                   $XDG_CACHE_HOME/toolgen-bench, else node_modules/.cache/toolgen-bench
                   (needs the npm registry once; never a dependency of toolgen)
  --github         instead, import GitHub's REST description and generate it, side by side
                   with the peer generating from the same document (bench/github.mjs)
  --profile [...]  instead, profile gen with node --cpu-prof and summarise where the time
                   goes (bench/profile.mjs; npm run bench -- --profile --help)
  --out <file>     where the JSON goes (default: bench/out/results.json, with --peer
                   bench/out/peer.json)
  -h, --help       show this help
`;

/** The targets (issues 9 and 19), checked against the medians. */
const TARGETS = {
  refGen: 0.3,
  gen1000: 0.6,
  checkRatio: 1.1,
  diffRatio: 1.5,
  rss1000: 150,
  outMb1000: 3.5,
  list1000: 2,
  overhead: 0.02,
};

const { values: opts } = parseArgs({
  options: {
    sizes: { type: "string" },
    runs: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    "no-mcp": { type: "boolean", default: false },
    "no-python": { type: "boolean", default: false },
    "mcp-tools": { type: "string", default: "1000" },
    peer: { type: "boolean", default: false },
    github: { type: "boolean", default: false },
    out: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const count = (text, name) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(
      `--${name} must be a whole number, not ${JSON.stringify(text)}`,
    );
  return n;
};
const sizes = (
  opts.sizes ?? (opts.peer ? "15,1000,5000" : "ref,15,100,1000,5000")
)
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => (s === "ref" ? s : count(s, "sizes")));
const runs = Math.max(1, count(opts.runs, "runs"));
const warmup = count(opts.warmup, "warmup");
if (opts.peer && sizes.includes("ref"))
  throw new Error(
    "--peer measures synthetic specs only: give tool counts to --sizes",
  );
const outFile =
  opts.out ??
  path.join(
    repoRoot,
    "bench/out",
    opts.peer ? "peer.json" : opts.github ? "github.json" : "results.json",
  );

// Measure toolgen, not its build: bring dist/ up to date once, before any clock starts.
const build = spawnSync(
  process.execPath,
  [path.join(repoRoot, "scripts/build.mjs"), "--if-stale"],
  { stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const host = machine();
const out = (line = "") => process.stdout.write(`${line}\n`);
out(
  `toolgen benchmark: ${host.cores} cores, ${host.cpu}, Node ${host.node}, ${host.platform}; load average ${host.load.join(" ")}; peak RSS from ${host.rss}`,
);
out();

const s = (x) => x.toFixed(2);
const mb = (x) => x.toFixed(0);
const triple = (w) => `${s(w.min)} / ${s(w.median)} / ${s(w.max)}`;

if (opts.peer || opts.github) {
  if (opts.peer) comparePeer({ sizes, runs, warmup, outFile, host, out });
  else compareGithub({ runs, warmup, outFile, host, out });
  process.exit(0);
}

const rows = [];
for (const size of sizes) {
  const text =
    size === "ref"
      ? fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8")
      : syntheticSpec(size);
  const tools = size === "ref" ? parse(text).tools.length : size;
  const n = typeof size === "number" && size >= 5000 ? Math.min(runs, 3) : runs;
  process.stderr.write(
    `measuring ${size === "ref" ? "the reference tools.yaml" : `${size} tools`} (${n} runs)…\n`,
  );
  rows.push({
    spec: size === "ref" ? "reference" : `synthetic-${size}`,
    tools,
    ...benchGen(String(size), text, { runs: n, warmup }),
  });
}

if (rows.length > 0) {
  out(
    "gen, gen --check and diff --against a file as whole processes: wall seconds min / median / max, peak RSS in MB (max over runs)",
  );
  const header = [
    "spec",
    "tools",
    "spec KB",
    "files",
    "output MB",
    "gen (s)",
    "check (s)",
    "check/gen",
    "diff (s)",
    "diff/check",
    "peak RSS gen",
    "peak RSS check",
    "peak RSS diff",
  ];
  const body = rows.map((r) => [
    r.spec,
    String(r.tools),
    (r.specBytes / 1024).toFixed(0),
    String(r.files),
    (r.outBytes / 1e6).toFixed(1),
    triple(r.gen.wall),
    triple(r.check.wall),
    (r.check.wall.median / r.gen.wall.median).toFixed(2),
    triple(r.diff.wall),
    (r.diff.wall.median / r.check.wall.median).toFixed(2),
    mb(r.gen.rssMb.max),
    mb(r.check.rssMb.max),
    mb(r.diff.rssMb.max),
  ]);
  printTable(header, body);
  out();
}

let mcp;
if (!opts["no-mcp"]) {
  const missing = mcpUnavailable();
  if (missing) {
    mcp = { skipped: missing };
    out(`generated MCP server: skipped, ${missing}.`);
  } else {
    const tools = count(opts["mcp-tools"], "mcp-tools");
    process.stderr.write(
      `measuring the generated MCP server with ${tools} tools…\n`,
    );
    mcp = benchMcp({ tools, lists: 30, calls: 2000, rounds: 15 });
    out(
      `generated MCP server, ${mcp.tools} tools, SDK Client over InMemoryTransport (ms):`,
    );
    printTable(
      ["measure", "min", "median", "max"],
      [
        ["import the packages", mcp.loadMs.toFixed(1), "", ""],
        ["createServer + connect", mcp.createMs.toFixed(1), "", ""],
        [
          "tools/list round trip",
          ...["min", "median", "max"].map((k) => mcp.listMs[k].toFixed(2)),
        ],
        [
          "tools/list, the same listing from a bare SDK handler",
          ...["min", "median", "max"].map((k) => mcp.bareListMs[k].toFixed(2)),
        ],
        [
          `tools/call ${mcp.tool}, generated wiring`,
          ...["min", "median", "max"].map((k) =>
            mcp.callMs.wired[k].toFixed(3),
          ),
        ],
        [
          "tools/call, bare SDK handler",
          ...["min", "median", "max"].map((k) => mcp.callMs.bare[k].toFixed(3)),
        ],
        [
          "wiring overhead per call (median of paired rounds)",
          overheadText(mcp),
          "",
          "",
        ],
      ],
    );
    out();
  }
}

let python;
if (!opts["no-python"]) {
  const missing = py.pythonUnavailable();
  if (missing) {
    python = { skipped: missing };
    out(`Python package: skipped, ${missing}.`);
  } else {
    process.stderr.write("measuring the Python package with 1000 tools…\n");
    python = py.benchPython(1000, { runs, warmup });
    out("Python package, 1,000 tools:");
    printTable(["measure", "min", "median", "max"], py.pythonRows(python));
    out();
  }
}

const verdicts = [...targetVerdicts(rows, mcp), ...py.pythonVerdicts(python)];
if (verdicts.length > 0) {
  out("targets, on medians:");
  for (const v of verdicts)
    out(
      `  ${v.met ? "met   " : "MISSED"}  ${v.what}: ${v.value} (target ${v.target})`,
    );
}

fs.mkdirSync(path.dirname(outFile), { recursive: true });
const loadAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
out();
out(
  `load average at the end: ${loadAfter.join(" ")} (figures taken under load are slower than the tool is)`,
);
fs.writeFileSync(
  outFile,
  `${JSON.stringify({ date: new Date().toISOString(), machine: host, loadAfter, runs, warmup, gen: rows, mcp, python, targets: verdicts }, null, 2)}\n`,
);
out();
out(`figures written to ${path.relative(process.cwd(), outFile) || outFile}`);

function targetVerdicts(rows, mcp) {
  const v = [];
  const ref = rows.find((r) => r.spec === "reference");
  const k = rows.find((r) => r.tools === 1000 && r.spec !== "reference");
  if (ref)
    v.push({
      what: "gen, reference tools.yaml",
      value: `${s(ref.gen.wall.median)} s`,
      target: `≤ ${TARGETS.refGen} s`,
      met: ref.gen.wall.median <= TARGETS.refGen,
    });
  if (k) {
    v.push({
      what: "gen, 1,000 tools",
      value: `${s(k.gen.wall.median)} s`,
      target: `≤ ${TARGETS.gen1000} s`,
      met: k.gen.wall.median <= TARGETS.gen1000,
    });
    const diffRatio = k.diff.wall.median / k.check.wall.median;
    v.push({
      what: "diff / gen --check, 1,000 tools",
      value: diffRatio.toFixed(2),
      target: `≤ ${TARGETS.diffRatio}`,
      met: diffRatio <= TARGETS.diffRatio,
    });
    const peak = Math.max(k.gen.rssMb.max, k.check.rssMb.max, k.diff.rssMb.max);
    v.push({
      what: "peak RSS, 1,000 tools",
      value: `${mb(peak)} MB`,
      target: `≤ ${TARGETS.rss1000} MB`,
      met: peak <= TARGETS.rss1000,
    });
    v.push({
      what: "bytes written, 1,000 tools",
      value: `${(k.outBytes / 1e6).toFixed(1)} MB`,
      target: `≤ ${TARGETS.outMb1000} MB`,
      met: k.outBytes / 1e6 <= TARGETS.outMb1000,
    });
  }
  for (const r of rows) {
    const ratio = r.check.wall.median / r.gen.wall.median;
    v.push({
      what: `check / gen, ${r.spec}`,
      value: ratio.toFixed(2),
      target: `≤ ${TARGETS.checkRatio}`,
      met: ratio <= TARGETS.checkRatio,
    });
  }
  if (mcp && !mcp.skipped) {
    if (mcp.tools === 1000)
      v.push({
        what: "MCP tools/list, 1,000 tools",
        value: `${mcp.listMs.median.toFixed(1)} ms`,
        target: `≤ ${TARGETS.list1000} ms`,
        met: mcp.listMs.median <= TARGETS.list1000,
      });
    v.push({
      what: "MCP wiring overhead per call",
      value: overheadText(mcp),
      target: `≤ ${TARGETS.overhead} ms`,
      met: mcp.overheadMs <= TARGETS.overhead,
    });
  }
  return v;
}

/** The wiring's overhead; a median at or below zero says the two sides differ by less than their noise. */
function overheadText(mcp) {
  const ms = `${mcp.overheadMs.toFixed(3)} ms`;
  return mcp.overheadMs > 0
    ? ms
    : `none measurable (${ms}, rounds spread over ${mcp.overheadSpreadMs.toFixed(3)} ms)`;
}

function printTable(header, body) {
  out(markdownTable(header, body));
}
