// The Python target's costs (issue targets: at 1,000 tools it adds at most 20 % to gen; importing
// <module>.tools and <module>.client takes under 150 ms; tools/list over stdio answers in under
// 50 ms): gen with and without targets.python on one synthetic spec, interleaved, CPU time; then
// the generated package's import time and tools/list latency, through the repository's venv.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { measuredRun, repoRoot } from "./gen.mjs";
import { summary } from "./measure.mjs";
import { syntheticSpec } from "./spec.mjs";

const venvPython = path.join(repoRoot, ".venv", "bin", "python");
const probe = path.join(repoRoot, "bench", "python-probe.py");

/** Whether the venv (scripts/python.mjs makes it) is there to run the generated package. */
export function pythonUnavailable() {
  return fs.existsSync(venvPython)
    ? null
    : "no .venv: run `node scripts/python.mjs -c pass` once to make it";
}

function project(label, specText) {
  const dir = fs.mkdtempSync(
    path.join(os.tmpdir(), `toolgen-bench-py-${label}-`),
  );
  fs.writeFileSync(path.join(dir, "tools.yaml"), specText);
  return dir;
}

function probeRun(what, module, runs, src, env) {
  // Byte code cached, as an installed package has it (a shell may turn the cache off).
  const { PYTHONDONTWRITEBYTECODE: _, ...inherited } = process.env;
  const r = spawnSync(venvPython, [probe, what, module, String(runs)], {
    encoding: "utf8",
    env: { ...inherited, ...env, PYTHONPATH: src },
  });
  if (r.status !== 0)
    throw new Error(`python-probe ${what}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout);
}

/** gen's CPU time with and without the Python target at `count` tools, and the package's timings. */
export function benchPython(count, { runs, warmup }) {
  const withPython = syntheticSpec(count);
  const value = parse(withPython);
  delete value.targets.python;
  const without = stringify(value);
  const dirs = {
    with: project("with", withPython),
    without: project("without", without),
  };
  try {
    const cpu = { with: [], without: [] };
    const gen = (dir) =>
      measuredRun(["--spec", "tools.yaml", "--out", "generated"], dir, 0);
    for (const dir of Object.values(dirs))
      for (let i = 0; i <= warmup; i++) gen(dir);
    for (let i = 0; i < runs; i++)
      for (const key of ["with", "without"]) cpu[key].push(gen(dirs[key]).cpu);
    const { targets } = parse(withPython);
    const module = targets.python.module;
    const src = path.join(dirs.with, "generated", "python", "src");
    // The server reads its client's settings at start; no call reaches this address.
    const names = targets.python.env ?? targets.client.env;
    const env = {
      [names.base_url]: "http://127.0.0.1:9",
      [names.workspace_id]: "ws-bench",
      [names.token]: "token-for-the-bench",
    };
    const genWith = summary(cpu.with);
    const genWithout = summary(cpu.without);
    return {
      tools: count,
      genWith,
      genWithout,
      added: genWith.median / genWithout.median - 1,
      import: probeRun("import", module, Math.max(runs, 5), src, env),
      list: probeRun("list", module, 20, src, env),
    };
  } finally {
    for (const dir of Object.values(dirs))
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's table of the Python part: measure, min, median, max. */
export function pythonRows(python) {
  const three = (m, digits) =>
    ["min", "median", "max"].map((k) => m[k].toFixed(digits));
  return [
    ["gen CPU with targets.python (s)", ...three(python.genWith, 2)],
    ["gen CPU without it (s)", ...three(python.genWithout, 2)],
    [
      "import <module>.tools, .client (ms)",
      "",
      python.import.median_ms.toFixed(1),
      python.import.max_ms.toFixed(1),
    ],
    [
      "tools/list over stdio (ms)",
      "",
      python.list.median_ms.toFixed(1),
      python.list.max_ms.toFixed(1),
    ],
  ];
}

/** The Python target's marks (issue targets): what it adds to gen, its import, its tools/list. */
export function pythonVerdicts(python) {
  if (!python || python.skipped) return [];
  return [
    {
      what: "gen CPU added by the Python target, 1,000 tools",
      value: `${(python.added * 100).toFixed(0)} %`,
      target: "≤ 20 %",
      met: python.added <= 0.2,
    },
    {
      what: "import <module>.tools and .client, 1,000 tools",
      value: `${python.import.median_ms.toFixed(0)} ms`,
      target: "< 150 ms",
      met: python.import.median_ms < 150,
    },
    {
      what: "tools/list over stdio, 1,000 tools",
      value: `${python.list.median_ms.toFixed(1)} ms`,
      target: "< 50 ms",
      met: python.list.median_ms < 50,
    },
  ];
}
