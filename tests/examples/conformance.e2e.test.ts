import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  hasNode24Packages,
  node24Package,
  node24Skip,
} from "../helpers/node24-packages.js";
import { repoRoot } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in
// scripts/node24/package.json: it needs Node 22 or later) against examples/conformance, as a user
// sets it up: a copy installed from its own lock file, its generated bin serving Streamable HTTP on
// 127.0.0.1, stateless and with --sessions, on SDK 1.x and then, once
// @modelcontextprotocol/server is installed beside it, on 2.x. Every scenario of `--suite all`
// runs; a FAILURE passes only in stateless mode and only for a scenario of
// conformance/stateless.yaml (the suite's own --expected-failures, which also fails a listed
// scenario that passes), and a WARNING only when conformance/warnings.json allows it.

const example = path.join(repoRoot, "examples/conformance");
const expectedFailures = path.join(example, "conformance/stateless.yaml");
const stateless: readonly string[] = (
  parse(fs.readFileSync(expectedFailures, "utf8")) as { server: string[] }
).server;
const warnings = JSON.parse(
  fs.readFileSync(path.join(example, "conformance/warnings.json"), "utf8"),
) as Record<Mode, Record<string, string[]>>;
const rootPackage = JSON.parse(
  fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"),
) as { devDependencies: Record<string, string> };
const v2 = rootPackage.devDependencies["@modelcontextprotocol/server"]!;

type Mode = "stateless" | "sessions";
const modes: readonly Mode[] = ["stateless", "sessions"];

interface Check {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

interface Done {
  readonly code: number | null;
  readonly output: string;
}

/** Runs `command` in `cwd` to its end; output is stdout and stderr together. */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
): Promise<Done> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (output += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (output += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** npm with Node 24 (the npm on PATH runs on the node first on PATH, as scripts/node24.sh sets it). */
async function npm(cwd: string, ...args: string[]): Promise<void> {
  const done = await run(
    "npm",
    [...args, "--ignore-scripts", "--no-audit", "--no-fund"],
    cwd,
    300_000,
  );
  if (done.code !== 0)
    throw new Error(
      `npm ${args.join(" ")} failed (${done.code}):\n${done.output}`,
    );
}

// Logs each @modelcontextprotocol module the bin resolves (not one it only tries), so that a test knows which SDK line it
// served with (the bin takes 2.x whenever it is installed).
const importLog = `data:text/javascript,${encodeURIComponent(
  `import { registerHooks } from "node:module";
registerHooks({ resolve(specifier, context, next) {
  const resolved = next(specifier, context);
  if (specifier.startsWith("@modelcontextprotocol/")) process.stderr.write("imports " + specifier + "\\n");
  return resolved;
} });`,
)}`;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null) child.kill("SIGKILL");
});

/** The example's bin serving Streamable HTTP on a free port, and what it said on stderr. */
function serve(
  dir: string,
  mode: Mode,
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const bin = path.join(
    dir,
    "node_modules/@conformance/mcp/bin/conformance-mcp.js",
  );
  const args = ["--import", importLog, bin, "--http", "127.0.0.1:0"];
  const child = spawn(
    process.execPath,
    mode === "sessions" ? [...args, "--sessions"] : args,
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  children.push(child);
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
      const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
      if (match) resolve({ child, url: match[1]!, stderr: () => stderr });
    });
    child.on("error", reject);
    child.on("close", (code) =>
      reject(new Error(`the bin ended (${code}) before serving: ${stderr}`)),
    );
  });
}

/** Every scenario's checks, by scenario, from the suite's output folder. */
function results(out: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  for (const entry of fs.readdirSync(out).sort()) {
    const name = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(entry)?.[1];
    const file = path.join(out, entry, "checks.json");
    if (name === undefined || !fs.existsSync(file)) continue;
    found.set(name, JSON.parse(fs.readFileSync(file, "utf8")) as Check[]);
  }
  return found;
}

const suite = () =>
  path.join(
    node24Package("@modelcontextprotocol/conformance"),
    "dist/index.js",
  );

/** The scenarios `--suite all` runs, as the suite lists them. */
async function scenarios(): Promise<string[]> {
  const listed = await run(
    process.execPath,
    [suite(), "list", "--server"],
    repoRoot,
    60_000,
  );
  expect(listed.code).toBe(0);
  return [...listed.output.matchAll(/^ {2}- (\S+)/gm)].map((m) => m[1]!);
}

describe.skipIf(!hasNode24Packages)(
  `the MCP conformance suite against examples/conformance${node24Skip("the MCP conformance suite")}`,
  () => {
    let dir: string;
    let all: string[];

    beforeAll(async () => {
      all = await scenarios();
      const root = tempDir("conformance-");
      dir = path.join(root, "conformance");
      fs.cpSync(example, dir, {
        recursive: true,
        filter: (from) => path.basename(from) !== "node_modules",
      });
      // The example takes toolgen from the repository (file:../..): from the copy, that is the
      // repository's path relative to it, in package.json and in the lock file alike.
      const relative = path.relative(dir, repoRoot).split(path.sep).join("/");
      for (const file of ["package.json", "package-lock.json"]) {
        const at = path.join(dir, file);
        const text = fs.readFileSync(at, "utf8");
        fs.writeFileSync(
          at,
          text
            .replaceAll('"file:../.."', `"file:${relative}"`)
            .replaceAll('"../.."', `"${relative}"`),
        );
      }
      await npm(dir, "ci");
    }, 600_000);

    /** One run of `--suite all` against the bin in `mode`, held to the expectations above. */
    async function measure(line: "1.x" | "2.x", mode: Mode): Promise<void> {
      const server = await serve(dir, mode);
      const out = path.join(dir, `out-${line}-${mode}`);
      const args = [
        suite(),
        "server",
        "--url",
        server.url,
        "--suite",
        "all",
        "-o",
        out,
      ];
      if (mode === "stateless")
        args.push("--expected-failures", expectedFailures);
      const done = await run(process.execPath, args, dir, 240_000);
      server.child.kill();
      const imported = server.stderr();
      expect(imported).toContain(
        line === "2.x"
          ? "imports @modelcontextprotocol/server\n"
          : "imports @modelcontextprotocol/sdk/server/index.js\n",
      );
      if (line === "1.x")
        expect(imported).not.toContain(
          "imports @modelcontextprotocol/server\n",
        );

      const found = results(out);
      const problems: string[] = [];
      let passed = 0;
      for (const [scenario, checks] of found) {
        const failed = checks.filter((c) => c.status === "FAILURE");
        if (failed.length === 0) passed++;
        const expected = mode === "stateless" && stateless.includes(scenario);
        for (const c of checks) {
          const allowed =
            c.status === "WARNING"
              ? (warnings[mode][scenario] ?? []).includes(c.id)
              : c.status !== "FAILURE" || expected;
          if (!allowed)
            problems.push(
              `${scenario}: ${c.status} ${c.id}: ${c.errorMessage ?? ""}`,
            );
        }
      }
      console.log(
        `SDK ${line}, ${mode}: ${passed} of ${found.size} scenarios passed (no FAILURE); ` +
          `the suite exited ${done.code}`,
      );
      expect(problems).toEqual([]);
      expect([...found.keys()].sort()).toEqual([...all].sort());
      expect(done.code, done.output).toBe(0);
    }

    describe("on SDK 1.x (the example's lock)", () => {
      it.each(modes)(
        "passes in %s mode",
        (mode) => measure("1.x", mode),
        300_000,
      );
    });

    describe(`on SDK 2.x (@modelcontextprotocol/server ${v2}, as the repository's)`, () => {
      beforeAll(
        () =>
          npm(
            dir,
            "install",
            "--no-save",
            `@modelcontextprotocol/server@${v2}`,
          ),
        600_000,
      );
      it.each(modes)(
        "passes in %s mode",
        (mode) => measure("2.x", mode),
        300_000,
      );
    });
  },
);
