// Builds what `toolgen` runs: the generator bundled into dist/toolgen.mjs, and the
// hand-written runtime (runtime/**/*.ts) compiled to JavaScript and declarations in
// dist/runtime/, already in prettier's format, ready for emitters to copy verbatim.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(root, "dist");

export async function build() {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: { toolgen: path.join(root, "generator/cli.ts") },
    outdir: dist,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "bundle",
    logLevel: "warning",
    // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
    banner: { js: 'import { createRequire as __toolgenRequire } from "node:module"; const require = __toolgenRequire(import.meta.url);' },
  });
  buildRuntime();
  fs.writeFileSync(path.join(dist, ".stamp"), "");
}

/** tsc compiles runtime/ (emit + declarations), prettier lays the output out, the result lands in dist/runtime. */
function buildRuntime() {
  const src = path.join(root, "runtime");
  const sources = fs.existsSync(src) ? fs.readdirSync(src, { recursive: true }).filter((f) => String(f).endsWith(".ts")) : [];
  if (sources.length === 0) return;
  const tmp = path.join(dist, "runtime.tmp");
  fs.rmSync(tmp, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", path.join(src, "tsconfig.json"), "--outDir", tmp], {
    stdio: "inherit",
  });
  execFileSync(process.execPath, [path.join(root, "node_modules/prettier/bin/prettier.cjs"), "--write", "--log-level", "warn", "--ignore-path", "", tmp], {
    stdio: "inherit",
    cwd: root,
  });
  const out = path.join(dist, "runtime");
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(tmp, out);
}

/** True when a source file is newer than the last build (so a toolgen developer never runs a stale bundle). */
export function isStale() {
  let stamp;
  try {
    stamp = fs.statSync(path.join(dist, ".stamp")).mtimeMs;
  } catch {
    return true;
  }
  const newer = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? newer(full) : fs.statSync(full).mtimeMs > stamp;
    });
  };
  return newer(path.join(root, "generator")) || newer(path.join(root, "runtime")) || fs.statSync(path.join(root, "tools.schema.json")).mtimeMs > stamp;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!process.argv.includes("--if-stale") || isStale()) await build();
}
