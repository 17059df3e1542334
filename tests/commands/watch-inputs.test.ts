import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { until } from "../helpers/platform-server.js";
import {
  minimalVariant,
  repoRoot,
  tempProject,
  toolgen,
} from "../helpers/project.js";

const STEP_MS = 30_000;

interface Watching {
  out(): string;
  err(): string;
  /** How many runs printed their summary so far. */
  runs(): number;
  /** Stops the watch; resolves with its exit code. */
  stop(): Promise<number>;
}

const stops: (() => Promise<number>)[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const d of dirs.splice(0))
    fs.rmSync(d, { recursive: true, force: true });
});

/** `toolgen --watch ...args` in-process from `dir`, stopped through its signal. */
async function watch(dir: string, ...args: string[]): Promise<Watching> {
  let out = "";
  let err = "";
  const controller = new AbortController();
  const done = main(["--watch", ...args], {
    cwd: dir,
    signal: controller.signal,
    out: (t) => void (out += t),
    err: (t) => void (err += t),
  });
  const stop = () => {
    controller.abort();
    return done;
  };
  stops.push(stop);
  await until(() => err.includes("toolgen: watching"), "it watches", STEP_MS);
  return {
    out: () => out,
    err: () => err,
    runs: () => out.split("\n").filter((l) => / written, /.test(l)).length,
    stop,
  };
}

function project(spec: string): string {
  const dir = tempProject(spec);
  dirs.push(dir);
  return dir;
}

describe("toolgen --watch, what it watches", () => {
  it("a file of the user's template folder, its subfolders included", async () => {
    const dir = project(
      minimalVariant([
        "    preamble: You can use these tools.",
        "    preamble: You can use these tools.\n    templates: tpl",
      ]),
    );
    const tpl = path.join(dir, "tpl");
    fs.mkdirSync(path.join(tpl, "deeper"), { recursive: true });
    const own = fs.readFileSync(
      path.join(repoRoot, "templates", "docs", "prompt.md.hbs"),
      "utf8",
    );
    fs.writeFileSync(path.join(tpl, "prompt.md.hbs"), own);
    const w = await watch(dir);
    expect(w.err()).toContain("toolgen: watching tools.yaml, tpl/ (Ctrl-C");

    fs.writeFileSync(path.join(tpl, "prompt.md.hbs"), `${own}Watched.\n`);
    await until(() => w.runs() === 2, "the template is generated", STEP_MS);
    expect(
      fs.readFileSync(
        path.join(dir, "generated", "docs", "prompt.mcp.md"),
        "utf8",
      ),
    ).toContain("Watched.");
    expect(w.err()).toContain(
      `toolgen: ${path.join("tpl", "prompt.md.hbs")} changed; generating again`,
    );

    fs.writeFileSync(path.join(tpl, "deeper", "note.txt"), "x\n");
    await until(() => w.runs() === 3, "a subfolder's change", STEP_MS);
    expect(await w.stop()).toBe(0);
  });

  it("the runtime package the spec names, found from the spec's folder; one that does not resolve is said", async () => {
    const dir = project(
      minimalVariant([
        '  mcp: { package: "@acme/mcp", bin: acme-mcp, server_name: acme }',
        '  mcp: { package: "@acme/mcp", bin: acme-mcp, server_name: acme, runtime: "@acme/runtime" }',
      ]),
    );
    const runtime = path.join(dir, "node_modules", "@acme", "runtime");
    fs.mkdirSync(path.join(runtime, "src"), { recursive: true });
    fs.writeFileSync(
      path.join(runtime, "package.json"),
      '{"name":"@acme/runtime"}\n',
    );
    const w = await watch(dir);
    expect(w.err()).toContain(
      "toolgen: watching tools.yaml, @acme/runtime (Ctrl-C",
    );

    fs.writeFileSync(path.join(runtime, "src", "index.js"), "export {};\n");
    await until(() => w.runs() === 2, "the runtime's change", STEP_MS);
    expect(w.err()).toContain(
      `toolgen: ${path.join("node_modules", "@acme", "runtime", "src", "index.js")} changed`,
    );

    // The spec now names a package that is not installed: said, and the spec still watched.
    fs.writeFileSync(
      path.join(dir, "tools.yaml"),
      fs
        .readFileSync(path.join(dir, "tools.yaml"), "utf8")
        .replace('runtime: "@acme/runtime"', 'runtime: "@acme/elsewhere"'),
    );
    await until(() => w.runs() === 3, "the spec's change", STEP_MS);
    expect(w.err()).toContain(
      "toolgen: the runtime package @acme/elsewhere does not resolve from the spec's folder: not watched\ntoolgen: watching tools.yaml (Ctrl-C",
    );
    expect(await w.stop()).toBe(0);
  });

  it("a Python target's runtime is a module path, not a package: never looked for in node_modules", async () => {
    const dir = project(
      minimalVariant([
        "  docs:",
        "  python: { package: acme-tools, module: acme_tools, runtime: acme_agent.handlers }\n  docs:",
      ]),
    );
    const w = await watch(dir);
    expect(w.err()).toContain("toolgen: watching tools.yaml (Ctrl-C");
    expect(w.err()).not.toContain("does not resolve");
    expect(await w.stop()).toBe(0);
  });

  it("runs once for a burst of changes, and never for its own writes", async () => {
    const dir = project(minimalVariant());
    const spec = path.join(dir, "tools.yaml");
    const w = await watch(dir);
    for (const n of [1, 2, 3, 4, 5])
      fs.writeFileSync(
        spec,
        minimalVariant(["short: Add a note.", `short: Add note ${n}.`]),
      );
    await until(() => w.runs() === 2, "the burst is generated", STEP_MS);
    // One more edit: had the burst (or the run's own writes) started runs of their own, they
    // would come before this one's.
    fs.writeFileSync(
      spec,
      minimalVariant(["short: Add a note.", "short: Add the last note."]),
    );
    await until(
      () => w.out().includes("written") && w.runs() >= 3,
      "the last edit is generated",
      STEP_MS,
    );
    expect(w.runs()).toBe(3);
    expect(
      fs.readFileSync(
        path.join(dir, "generated", "client", "tools.json"),
        "utf8",
      ),
    ).toContain("Add the last note.");
    expect(await w.stop()).toBe(0);
  });

  it("refuses --check", async () => {
    const dir = project(minimalVariant());
    const result = await toolgen(dir, "--watch", "--check");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--watch and --check cannot be combined");
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
  });
});
