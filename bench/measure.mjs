// Timing whole processes: wall time from the parent, peak RSS and CPU time (user + system) from
// the kernel's own count (GNU time when installed, otherwise a preloaded exit hook reading
// process.resourceUsage()). On a busy machine the CPU time moves much less than the wall time.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const GNU_TIME = "/usr/bin/time";
const MARK = "BENCH_MAX_RSS_KB=";
const hasGnuTime =
  fs.existsSync(GNU_TIME) &&
  spawnSync(GNU_TIME, ["-f", "%M", "true"]).status === 0;
const exitHook = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\n${MARK}"+u.maxRSS+" "+u.userCPUTime/1e6+" "+u.systemCPUTime/1e6+"\\n")})`;

/** How peak RSS is read, for the report. */
export const rssSource = hasGnuTime
  ? "GNU time (%M)"
  : "process.resourceUsage().maxRSS via an --import hook";

/**
 * Runs `node ...args` in `cwd` once: wall seconds, CPU seconds (user + system), peak RSS in MB,
 * exit status and output.
 * The staleness of toolgen's bundle is the caller's business (see run.mjs).
 */
export function runNode(args, { cwd }) {
  const [command, argv] = hasGnuTime
    ? [GNU_TIME, ["-f", `${MARK}%M %U %S`, process.execPath, ...args]]
    : [process.execPath, ["--import", exitHook, ...args]];
  const started = process.hrtime.bigint();
  const child = spawnSync(command, argv, {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (child.error) throw child.error;
  const at = child.stderr.lastIndexOf(MARK);
  const [rssKb, user, system] =
    at < 0
      ? [NaN, NaN, NaN]
      : child.stderr
          .slice(at + MARK.length)
          .trim()
          .split(/\s+/)
          .map(Number);
  return {
    wall,
    cpu: user + system,
    rssMb: rssKb / 1024,
    status: child.status,
    stdout: child.stdout,
    stderr: at < 0 ? child.stderr : child.stderr.slice(0, at).trimEnd(),
  };
}

/** min, median and max of a list of numbers. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {
    min: sorted[0],
    median,
    max: sorted[sorted.length - 1],
    runs: sorted.length,
  };
}

/** The machine, as the table of docs/performance.md names it. */
export function machine() {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    const line = fs
      .readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line) cpu = line.split(":").slice(1).join(":").trim();
  } catch {
    // Not Linux: os.cpus() said it.
  }
  // The load average says whether the figures were taken on a quiet machine.
  const load = os.loadavg().map((l) => Number(l.toFixed(2)));
  return {
    cores: os.availableParallelism(),
    cpu,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    rss: rssSource,
    load,
  };
}

/**
 * Runs each of `measures` (name → a function returning runNode's answer) `warmup` times, then
 * `runs` times in an order that rotates from run to run, so that a change in the machine's load
 * falls on all alike; min, median and max of each one's wall, CPU and peak RSS.
 */
export function interleaved(measures, { runs, warmup }) {
  const names = Object.keys(measures);
  for (let i = 0; i < warmup; i++) for (const name of names) measures[name]();
  const taken = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++)
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      taken[name].push(measures[name]());
    }
  return Object.fromEntries(
    names.map((n) => [
      n,
      {
        wall: summary(taken[n].map((r) => r.wall)),
        cpu: summary(taken[n].map((r) => r.cpu)),
        rssMb: summary(taken[n].map((r) => r.rssMb)),
      },
    ]),
  );
}
