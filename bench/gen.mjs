// `toolgen`, `toolgen --check` and `toolgen diff` as whole processes, the way `npm run gen` and
// CI run them, on one spec in a throwaway project.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";
import { runNode, summary } from "./measure.mjs";

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const bin = path.join(repoRoot, "bin/toolgen.mjs");
const stamp = path.join(repoRoot, "dist/.stamp");

const stampTime = () => {
  try {
    return fs.statSync(stamp).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * One measured run. A run during which dist/ was rebuilt (a source changed under us, as happens
 * while toolgen itself is being edited) measured the build, not toolgen: it is run again.
 */
export function measuredRun(args, cwd, expectStatus, tolerated = []) {
  for (let attempt = 0; ; attempt++) {
    const before = stampTime();
    const run = runNode([bin, ...args], { cwd });
    if (run.status !== expectStatus && !tolerated.includes(run.status)) {
      throw new Error(
        `toolgen ${args.join(" ")} exited ${run.status}, expected ${expectStatus}:\n${run.stderr.slice(0, 4000)}`,
      );
    }
    if (stampTime() === before) return { ...run, retried: attempt };
    if (attempt >= 5)
      throw new Error(
        "toolgen's dist/ keeps being rebuilt under the benchmark: stop editing generator/ or runtime/ while it runs",
      );
  }
}

/**
 * The spec a release earlier, for `toolgen diff`: the first tool's short text different and the
 * last tool not there yet, so diff finds (and places) two compatible changes, as in a usual review.
 */
function baseSpec(specText) {
  const value = parse(specText);
  value.tools[0].short = `${value.tools[0].short} Before.`;
  value.tools.pop();
  return stringify(value);
}

/**
 * Measures gen, gen --check and diff --against a file on `specText`: one gen writes the output,
 * `warmup` more of each warm the disk cache, then `runs` of each are kept.
 */
export function benchGen(label, specText, { runs, warmup }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `toolgen-bench-${label}-`));
  try {
    const spec = path.join(dir, "tools.yaml");
    fs.writeFileSync(spec, specText);
    const base = path.join(dir, "base.yaml");
    fs.writeFileSync(base, baseSpec(specText));
    const gen = ["--spec", spec, "--out", path.join(dir, "generated")];
    const check = [...gen, "--check"];
    const diff = ["diff", "--spec", spec, "--against", base];
    measuredRun(gen, dir, 0);
    for (let i = 0; i < warmup; i++) {
      measuredRun(gen, dir, 0);
      measuredRun(check, dir, 0, [1]);
      measuredRun(diff, dir, 0);
    }
    const genRuns = [];
    const checkRuns = [];
    const diffRuns = [];
    // Interleaved, so a burst of load on a shared machine hits both alike.
    for (let i = 0; i < runs; i++) {
      for (let attempt = 0; ; attempt++) {
        const genRun = measuredRun(gen, dir, 0);
        const checkRun = measuredRun(check, dir, 0, [1]);
        // Drift here means dist/ was rebuilt between the two runs (toolgen itself being edited): again.
        if (checkRun.status === 0) {
          genRuns.push(genRun);
          checkRuns.push({ ...checkRun, retried: checkRun.retried + attempt });
          diffRuns.push(measuredRun(diff, dir, 0));
          break;
        }
        if (attempt >= 5)
          throw new Error(
            `gen --check keeps finding drift right after gen:\n${checkRun.stderr.slice(0, 4000)}`,
          );
      }
    }
    const files = Number(
      /\((\d+) files\)/.exec(checkRuns[0].stdout)?.[1] ?? NaN,
    );
    const outBytes = directorySize(path.join(dir, "generated"));
    return {
      label,
      specBytes: Buffer.byteLength(specText),
      files,
      outBytes,
      gen: {
        wall: summary(genRuns.map((r) => r.wall)),
        rssMb: summary(genRuns.map((r) => r.rssMb)),
      },
      check: {
        wall: summary(checkRuns.map((r) => r.wall)),
        rssMb: summary(checkRuns.map((r) => r.rssMb)),
      },
      diff: {
        wall: summary(diffRuns.map((r) => r.wall)),
        rssMb: summary(diffRuns.map((r) => r.rssMb)),
      },
      retried: [...genRuns, ...checkRuns, ...diffRuns].reduce(
        (n, r) => n + r.retried,
        0,
      ),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function directorySize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, {
    withFileTypes: true,
    recursive: true,
  })) {
    if (entry.isFile())
      total += fs.statSync(
        path.join(entry.parentPath ?? entry.path, entry.name),
      ).size;
  }
  return total;
}
