import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../../generator/index.js";
import { repoRoot } from "../helpers/project.js";

/**
 * A consumer project holding generated packages, linked into its node_modules by their names.
 * It lives under the repository's node_modules/.cache so the packages' own dependencies
 * (ajv, the MCP SDK, @langchain/core) resolve from the repository, as they would for a user.
 */
export interface Consumer {
  readonly dir: string;
  /** Package name → its folder. */
  readonly packages: ReadonlyMap<string, string>;
}

const cacheRoot = path.join(
  repoRoot,
  "node_modules",
  ".cache",
  "toolgen-hardening",
);

/** Installs one or more generated trees (their package names must differ) into one consumer. */
export function installConsumer(
  trees: readonly (readonly GeneratedFile[])[],
): Consumer {
  fs.mkdirSync(cacheRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cacheRoot, "consumer-"));
  const packages = new Map<string, string>();
  trees.forEach((files, i) => {
    for (const f of files) {
      const target = path.join(dir, "generated", String(i), f.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, f.content);
    }
    for (const f of files) {
      if (!/^[^/]+\/package\.json$/.test(f.path)) continue;
      const name = (JSON.parse(f.content) as { name: string }).name;
      if (packages.has(name))
        throw new Error(`two trees of one consumer name the package ${name}`);
      const folder = path.join(
        dir,
        "generated",
        String(i),
        path.dirname(f.path),
      );
      packages.set(name, folder);
      const link = path.join(dir, "node_modules", name);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(path.relative(path.dirname(link), folder), link, "dir");
    }
  });
  return { dir, packages };
}

export function removeConsumer(c: Consumer): void {
  fs.rmSync(c.dir, { recursive: true, force: true });
}

/**
 * Type-checks every generated declaration and an import of every package by its name, strictly,
 * with the real tsc. Returns the errors reported in the consumer's own files (the generated
 * code and the import); errors inside third-party declarations are not ours to judge.
 */
export function typecheck(c: Consumer): string[] {
  const imports = [...c.packages.keys()].map(
    (name, i) => `import * as p${i} from ${JSON.stringify(name)};`,
  );
  const use = `export const all = [${[...c.packages.keys()].map((_, i) => `p${i}`).join(", ")}];`;
  fs.writeFileSync(
    path.join(c.dir, "consumer.ts"),
    `${imports.join("\n")}\n${use}\n`,
  );
  fs.writeFileSync(
    path.join(c.dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        lib: ["es2023"],
        types: ["node"],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
      },
      include: ["consumer.ts", "generated/**/*.d.ts"],
    }),
  );
  const run = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, "node_modules/typescript/bin/tsc"),
      "-p",
      c.dir,
      "--pretty",
      "false",
    ],
    {
      cwd: c.dir,
      encoding: "utf8",
    },
  );
  const lines = `${run.stdout}${run.stderr}`
    .split("\n")
    .filter((l) => /error TS\d+/.test(l));
  return lines.filter(
    (l) =>
      !l.startsWith("../") &&
      !l.includes("node_modules/") &&
      !l.startsWith("/"),
  );
}

/**
 * Imports every package (and so all of its modules) in a fresh Node process and reports what a
 * payload could have done: the global it sets if any text ran as code, and the thrown error if
 * any module failed to load.
 */
export function importAll(
  c: Consumer,
  canary: string,
): { status: number | null; stdout: string; stderr: string } {
  const script = `
for (const name of ${JSON.stringify([...c.packages.keys()])}) await import(name);
process.stdout.write(JSON.stringify({ ran: globalThis[${JSON.stringify(canary)}] ?? null }));`;
  const run = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", script],
    { cwd: c.dir, encoding: "utf8" },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
