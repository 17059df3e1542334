// npm run bench -- --github [--runs 3 --warmup 1]
// A real API: GitHub's REST description (the @octokit/openapi devDependency, about 1,200
// operations with deep $ref graphs) imported by `toolgen import openapi`, then generated with
// every target, side by side with the peer generating its server from the same document. The
// runs of the three rotate (measure.mjs's interleaved); each writes into an empty folder,
// removed off the clock.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measuredRun, repoRoot } from "./gen.mjs";
import { interleaved } from "./measure.mjs";
import { ensurePeer, PEER, peerCacheDir, runPeer } from "./peer.mjs";
import { markdownTable } from "./table.mjs";

/** The document, as the devDependency ships it. */
export const GITHUB_DOCUMENT = path.join(
  repoRoot,
  "node_modules/@octokit/openapi/generated/api.github.com.json",
);

/** The targets of issue #35 (item 6), on medians of wall time. */
const TARGET_SECONDS = 10;

/** Measures import, gen and the peer on GitHub's description; returns the figures. */
export function benchGithub({ runs, warmup, peerBin }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolgen-github-"));
  try {
    const document = path.join(dir, "api.github.com.json");
    fs.copyFileSync(GITHUB_DOCUMENT, document);
    const fresh = (name) => {
      const at = path.join(dir, name);
      fs.rmSync(at, { recursive: true, force: true });
      fs.mkdirSync(at);
      return at;
    };
    const importInto = (folder) =>
      measuredRun(["import", "openapi", document], folder, 0);
    // The spec gen measures: imported once, off the clock.
    const project = fresh("project");
    importInto(project);
    const measures = {
      import: () => importInto(fresh("import")),
      gen: () => {
        fs.rmSync(path.join(project, "generated"), {
          recursive: true,
          force: true,
        });
        return measuredRun([], project, 0);
      },
      peer: () => runPeer(peerBin, document, fresh("peer"), dir),
    };
    const figures = interleaved(measures, { runs, warmup });
    const spec = fs.readFileSync(path.join(project, "tools.yaml"), "utf8");
    return {
      documentBytes: fs.statSync(document).size,
      specBytes: Buffer.byteLength(spec),
      tools: spec.match(/^ {2}- name: /gm)?.length ?? 0,
      ...figures,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The table and the targets, as lines of text. */
export function githubReport(row) {
  const s = (x) => x.toFixed(2);
  const line = (what, m) => [
    what,
    `${s(m.wall.min)} / ${s(m.wall.median)} / ${s(m.wall.max)}`,
    s(m.cpu.median),
    m.rssMb.max.toFixed(0),
  ];
  const both = {
    wall: row.import.wall.median + row.gen.wall.median,
    cpu: row.import.cpu.median + row.gen.cpu.median,
  };
  const lines = [
    `GitHub's REST description (${(row.documentBytes / 1e6).toFixed(1)} MB of JSON) imported as ${row.tools} tools (${(row.specBytes / 1e6).toFixed(1)} MB of tools.yaml), then every target generated; ${PEER.name}@${PEER.version} on the same document (wall seconds min / median / max, CPU median, peak RSS in MB):`,
    markdownTable(
      ["run", "wall (s)", "CPU (s)", "peak RSS"],
      [
        line("toolgen import openapi", row.import),
        line("toolgen gen, all targets", row.gen),
        line(PEER.name, row.peer),
      ],
    ),
    "",
    "targets, on medians of wall time:",
  ];
  const verdict = (met, what, value, target) =>
    lines.push(
      `  ${met ? "met   " : "MISSED"}  ${what}: ${value} (target ${target})`,
    );
  verdict(
    both.wall <= TARGET_SECONDS,
    "import + gen",
    `${s(both.wall)} s (CPU ${s(both.cpu)} s)`,
    `< ${TARGET_SECONDS} s`,
  );
  const ratio = both.wall / row.peer.wall.median;
  verdict(
    ratio <= 1,
    `import + gen / ${PEER.name}`,
    `${s(ratio)}× (CPU ${s(both.cpu / row.peer.cpu.median)}×)`,
    "≤ 1.0×",
  );
  return lines;
}

/** --github: measures, prints, and writes the figures to `outFile`. */
export function compareGithub({ runs, warmup, outFile, host, out }) {
  const peerBin = ensurePeer(peerCacheDir(), (t) => process.stderr.write(t));
  process.stderr.write(
    `measuring toolgen and ${PEER.name} on GitHub's REST description (${runs} interleaved runs of each)…\n`,
  );
  const row = benchGithub({ runs, warmup, peerBin });
  for (const line of githubReport(row)) out(line);
  const loadAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
  out();
  out(
    `load average at the end: ${loadAfter.join(" ")} (figures taken under load are slower than the tool is)`,
  );
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine: host, loadAfter, runs, warmup, peer: PEER, github: row }, null, 2)}\n`,
  );
  out(`figures written to ${path.relative(process.cwd(), outFile) || outFile}`);
}
