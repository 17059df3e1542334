#!/usr/bin/env node
// node bench/profile.mjs [--sizes 1000,5000] [--runs 3] [--check] [--empty] [--top 15] [--keep <dir>]
// node bench/profile.mjs file.cpuprofile …
// (or npm run bench -- --profile …)
// Where toolgen's time goes: profiles whole `toolgen` runs with `node --cpu-prof` on the bench's
// synthetic specs (all seven targets), or reads .cpuprofile files already taken, and prints the
// time by stage, by file and by function (self time).
//
// The bundle dist/toolgen.mjs is not minified and esbuild heads each module it holds with a
// `// path/of/the/source.ts` comment: a sample's place in the bundle names its source file, and
// the innermost frame of a stage's folder (read/, validate/, model/, …) names its stage.
// A profile read later needs the same dist/ it was taken with.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { syntheticSpec } from "./spec.mjs";
import { markdownTable } from "./table.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

const HELP = `Usage: node bench/profile.mjs [options] [file.cpuprofile …]
       npm run bench -- --profile [options] [file.cpuprofile …]

  Without files, profiles gen on the synthetic spec at each size (after one unprofiled gen into
  the same folder, so the output folder and the disk cache are warm) and summarises the runs.
  With files, summarises them together.

  --sizes <list>   tool counts to profile (default: 1000,5000)
  --runs <n>       profiled runs at each size, their times added up (default: 3)
  --check          profile gen --check instead of gen
  --empty          profile gen into an empty folder (writes every file) instead of again
                   over its previous output
  --top <n>        rows of the file and function tables (default: 15)
  --keep <dir>     keep the .cpuprofile files there (default: a temp folder, removed)
  -h, --help       show this help
`;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sizes: { type: "string", default: "1000,5000" },
    runs: { type: "string", default: "3" },
    check: { type: "boolean", default: false },
    empty: { type: "boolean", default: false },
    top: { type: "string", default: "15" },
    keep: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const top = Number(opts.top);
const out = (line = "") => process.stdout.write(`${line}\n`);

function run(args, cwd) {
  const child = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  if (child.status !== 0 && !(opts.check && child.status === 1))
    throw new Error(
      `node ${args.join(" ")} exited ${child.status}:\n${child.stderr}`,
    );
}

/** Each stage's folder (or file) under generator/, by the name the summary gives it. */
const STAGES = [
  ["read/", "read the spec"],
  ["io/inputs.ts", "read the inputs (templates, runtime files)"],
  ["validate/", "validate"],
  ["model/", "model"],
  ["prompt-docs/", "prompt docs"],
  ["emitters/", "emit"],
  ["io/check.ts", "compare (--check)"],
  ["io/unified-diff.ts", "compare (--check)"],
  ["io/", "write, or read the files there to compare"],
];

/**
 * Self time by function, by file and by stage, from a .cpuprofile. A sample's stage is that of its
 * innermost frame in a stage's folder; its libraries' frames (yaml, ajv, handlebars…) and the
 * render/ helpers count for the stage that called them.
 */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes)
    for (const c of n.children ?? []) parent.set(c, n.id);
  const sourceOf = sourceMapper();
  const frames = new Map();
  const frame = (id) => {
    let f = frames.get(id);
    if (!f) {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      const source = sourceOf(url, lineNumber);
      f = { name: functionName || "(anonymous)", source };
      frames.set(id, f);
    }
    return f;
  };
  const stageCache = new Map();
  const stageOf = (id) => {
    if (stageCache.has(id)) return stageCache.get(id);
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at))
      stack.push(frame(at));
    let stage;
    for (const f of stack) {
      const inGenerator = f.source.startsWith("generator/")
        ? f.source.slice("generator/".length)
        : undefined;
      if (inGenerator === undefined) continue;
      const hit = STAGES.find(([prefix]) => inGenerator.startsWith(prefix));
      if (hit) {
        stage = hit[1];
        if (hit[1] === "emit") {
          const target = inGenerator.split("/")[1];
          if (target && !target.endsWith(".ts")) stage = `emit: ${target}`;
        }
        break;
      }
    }
    if (!stage) {
      const leaf = stack[0];
      if (leaf.name === "(garbage collector)")
        stage = "garbage collection (all stages)";
      else if (leaf.name === "(program)")
        stage = "(program: V8 and native, unattributed)";
      else if (leaf.name === "(idle)") stage = "(idle)";
      else if (stack.some((f) => f.source === "scripts/build.mjs"))
        stage = "start-up: is dist/ stale? (a checkout only)";
      else if (stack.some((f) => f.source.startsWith("generator/")))
        stage = "orchestration (cli, commands, pipeline)";
      else stage = "start-up: loading and running the bundle's top level";
    }
    stageCache.set(id, stage);
    return stage;
  };

  const byFunction = new Map();
  const byFile = new Map();
  const byStage = new Map();
  let loading = 0;
  const loadingCache = new Map();
  const isLoading = (id) => {
    if (loadingCache.has(id)) return loadingCache.get(id);
    let yes = false;
    for (let at = id; at !== undefined && !yes; at = parent.get(at)) {
      const { name, source } = frame(at);
      yes =
        source.startsWith("node:internal/modules") ||
        /^(__commonJS|__esm|__require|__init|require_|init_)/.test(name);
    }
    loadingCache.set(id, yes);
    return yes;
  };
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const { samples, timeDeltas } = profile;
  // A sample stands for the time to the next one, but no more than twice the usual interval: on
  // a busy machine the process waits for a CPU between samples, and that wait is nobody's code.
  const sorted = [...timeDeltas].sort((a, b) => a - b);
  const cap = 2 * (sorted[sorted.length >> 1] ?? 0);
  let sampledUs = 0;
  for (let i = 0; i < samples.length; i++) {
    const us = Math.min(timeDeltas[i + 1] ?? 0, cap);
    sampledUs += us;
    const id = samples[i];
    const f = frame(id);
    add(byFunction, `${f.name}  ${f.source}`, us);
    add(byFile, fileGroup(f.source, f.name), us);
    add(byStage, stageOf(id), us);
    if (isLoading(id)) loading += us;
  }
  return {
    spanUs: profile.endTime - profile.startTime,
    totalUs: sampledUs,
    byStage,
    byFile,
    byFunction,
    loadingUs: loading,
  };
}

/** A package under node_modules as one group, node's internals as one, toolgen's sources by file. */
function fileGroup(source, name) {
  if (source === "") return name;
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return `${pkg[1]} (library)`;
  if (source.startsWith("node:"))
    return `${source.split("/").slice(0, 2).join("/")} (node)`;
  return source;
}

/** (url, 0-based line) → the source file the bundle's comment names, else the url made relative. */
function sourceMapper() {
  const bundles = new Map();
  const marks = (file) => {
    let m = bundles.get(file);
    if (m === undefined) {
      m = [];
      try {
        const lines = fs.readFileSync(file, "utf8").split("\n");
        for (let i = 0; i < lines.length; i++) {
          const hit =
            /^\/\/ ((?:generator|runtime|node_modules|templates)\/\S+)$/.exec(
              lines[i],
            );
          if (hit) m.push([i, hit[1]]);
        }
      } catch {
        // Not there any more: the url says what it can.
      }
      bundles.set(file, m);
    }
    return m;
  };
  return (url, line) => {
    if (!url) return "";
    if (!url.startsWith("file://")) return url;
    const file = fileURLToPath(url);
    const relative = path.relative(repoRoot, file).split(path.sep).join("/");
    if (!relative.startsWith("dist/")) return relative;
    const m = marks(file);
    let lo = 0;
    let hi = m.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (m[mid][0] <= line) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? `${relative} (bundle prelude)` : m[found][1];
  };
}

/** Several profiles' summaries as one: their times added up. */
function merge(summaries) {
  const sum = (key) => summaries.reduce((n, s) => n + s[key], 0);
  const maps = (key) => {
    const m = new Map();
    for (const s of summaries)
      for (const [k, us] of s[key]) m.set(k, (m.get(k) ?? 0) + us);
    return m;
  };
  return {
    profiles: summaries.length,
    spanUs: sum("spanUs"),
    totalUs: sum("totalUs"),
    loadingUs: sum("loadingUs"),
    byStage: maps("byStage"),
    byFile: maps("byFile"),
    byFunction: maps("byFunction"),
  };
}

function report({
  profiles,
  spanUs,
  totalUs,
  byStage,
  byFile,
  byFunction,
  loadingUs,
}) {
  const ms = (us) => (us / 1000).toFixed(0);
  const pct = (us) => `${((100 * us) / totalUs).toFixed(1)} %`;
  const ranked = (map, n) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  out(
    `${profiles} profile${profiles === 1 ? "" : "s"}, times added up: ${ms(spanUs)} ms profiled (node's boot before the profiler starts is not in it), ${ms(totalUs)} ms of it sampled running, the rest waiting for a CPU. Shares are of the sampled time. Loading and initialising modules, wherever it happens: ${ms(loadingUs)} ms (${pct(loadingUs)})`,
  );
  out();
  out(
    "By stage (self time of the stage's code and of the libraries it calls):",
  );
  out(
    markdownTable(
      ["stage", "ms", "share"],
      ranked(byStage, Infinity).map(([k, us]) => [k, ms(us), pct(us)]),
    ),
  );
  out();
  out(`Top ${top} files (self time; libraries as one row each):`);
  out(
    markdownTable(
      ["file", "ms", "share"],
      ranked(byFile, top).map(([k, us]) => [k, ms(us), pct(us)]),
    ),
  );
  out();
  out(`Top ${top} functions (self time):`);
  out(
    markdownTable(
      ["function  source", "ms", "share"],
      ranked(byFunction, top).map(([k, us]) => [k, ms(us), pct(us)]),
    ),
  );
  out();
}

function main() {
  if (positionals.length > 0) {
    out(`## ${positionals.join(", ")}`);
    out();
    report(
      merge(
        positionals.map((file) =>
          summarise(JSON.parse(fs.readFileSync(file, "utf8"))),
        ),
      ),
    );
    return;
  }
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, "scripts/build.mjs"), "--if-stale"],
    { stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const keep = opts.keep ? path.resolve(opts.keep) : undefined;
  const runs = Math.max(1, Number(opts.runs));
  for (const size of opts.sizes.split(",").map(Number)) {
    const dir = fs.mkdtempSync(
      path.join(os.tmpdir(), `toolgen-profile-${size}-`),
    );
    try {
      const spec = path.join(dir, "tools.yaml");
      fs.writeFileSync(spec, syntheticSpec(size));
      const outDir = path.join(dir, "generated");
      const args = [
        path.join(repoRoot, "bin/toolgen.mjs"),
        "--spec",
        spec,
        "--out",
        outDir,
      ];
      run(args, dir);
      const profiles = keep ?? path.join(dir, "profiles");
      const taken = [];
      const walls = [];
      for (let i = 0; i < runs; i++) {
        if (opts.empty) fs.rmSync(outDir, { recursive: true, force: true });
        const before = new Set(
          fs.existsSync(profiles) ? fs.readdirSync(profiles) : [],
        );
        const started = process.hrtime.bigint();
        run(
          [
            "--cpu-prof",
            `--cpu-prof-dir=${profiles}`,
            ...args,
            ...(opts.check ? ["--check"] : []),
          ],
          dir,
        );
        walls.push(Number(process.hrtime.bigint() - started) / 1e9);
        taken.push(
          ...fs
            .readdirSync(profiles)
            .filter((f) => f.endsWith(".cpuprofile") && !before.has(f))
            .map((f) => path.join(profiles, f)),
        );
      }
      const what = `${opts.check ? "gen --check" : "gen"}${opts.empty ? " into an empty folder" : " again over its previous output"}`;
      out(
        `## ${size.toLocaleString("en")} tools, ${what}, ${runs} profiled run${runs === 1 ? "" : "s"}: ${walls.map((w) => w.toFixed(2)).join(", ")} s wall with the profiler`,
      );
      if (keep) out(`(profiles: ${taken.join(", ")})`);
      out();
      report(
        merge(
          taken.map((file) =>
            summarise(JSON.parse(fs.readFileSync(file, "utf8"))),
          ),
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main();
