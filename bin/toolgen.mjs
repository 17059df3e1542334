#!/usr/bin/env node
// The toolgen command: runs the bundled generator in dist/ (built by `npm run build`, and by
// `npm pack` for the published package, which carries no sources and no build tools).
//
// Exit 1 means drift and nothing else: whatever keeps toolgen itself from building or running
// (a source that does not compile, a bundle that does not load, a crash) exits 3 with the reason.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

// After each full collection V8 lets the heap grow to up to four times what was live before the
// next, so a run holding 150 MB peaked near 930 MB. Growing by a fifth keeps every spec under the
// size cap below 400 MB of RSS (docs/performance.md, "Memory"). Set here, for this process, it
// costs no start-up: no second process, and no flag for the user to pass.
v8.setFlagsFromString("--heap-growing-percent=20");

// V8 doubles the young generation each time a scavenge finds it full, up to 16 MB a semi-space on
// Node 20 and more on Node 22 and later: a spec near the size cap peaked at 530–660 MB on Node 24.
// Held at its first size, the young generation costs a run a few more scavenges (about a tenth of
// its time) and keeps those runs under 400 MB (docs/hardening.md). Only a run that reads a large
// input pays for it: the spec (./tools.yaml by default) or a file named on the command line over
// 8 MiB, half the size cap (the bench's 5,000 tools, 7.5 MB, run as fast as before).
const LARGE_INPUT_BYTES = 8 * 1024 * 1024;
const named = [
  "tools.yaml",
  ...process.argv.slice(2).map((a) => a.replace(/^--[a-z-]+=/, "")),
];
if (
  named.some((file) => {
    try {
      return fs.statSync(file).size > LARGE_INPUT_BYTES;
    } catch {
      return false;
    }
  })
)
  v8.setFlagsFromString("--semi-space-growth-factor=1");

const INTERNAL = 3;

/** One line saying why toolgen itself failed (the stack after it when there is one), then exit 3. */
function fail(why, error) {
  const detail =
    error === undefined
      ? ""
      : `\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  process.stderr.write(`toolgen: ${why}${detail}\n`);
  process.exit(INTERNAL);
}

// Anything that escapes main() is toolgen's own failure, never drift.
process.on("uncaughtException", (e) =>
  fail("internal error (a bug in toolgen, not in your spec):", e),
);
process.on("unhandledRejection", (e) =>
  fail("internal error (a bug in toolgen, not in your spec):", e),
);

// A reader that stops early (`toolgen diff … | head`) closes the pipe: what is left to print is
// not wanted, and the run still ends with its own exit code.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code !== "EPIPE")
      fail("internal error (a bug in toolgen, not in your spec):", e);
  });

const bundle = new URL("../dist/toolgen.mjs", import.meta.url);

// In toolgen's own checkout, with its dev dependencies installed, rebuild first when a source is
// newer than the bundle.
if (
  fs.existsSync(new URL("../scripts/build.mjs", import.meta.url)) &&
  fs.existsSync(new URL("../node_modules/esbuild/", import.meta.url))
) {
  let build;
  try {
    build = await import("../scripts/build.mjs");
  } catch (e) {
    fail("cannot build itself: scripts/build.mjs does not load:", e);
  }
  if (build.isStale()) {
    try {
      for (const name of await build.build())
        process.stderr.write(
          `build: ${name} has type errors (above); built anyway\n`,
        );
    } catch (e) {
      if (e instanceof build.BuildError)
        fail(`cannot build itself: ${e.message}`);
      fail("cannot build itself:", e);
    }
  }
}
// What a packed toolgen carries: without it, one line and no stack.
for (const needed of [bundle, new URL("../dist/runtime/", import.meta.url)]) {
  if (!fs.existsSync(needed))
    fail(
      `this copy of toolgen is not built (${fileURLToPath(needed)} is missing): install the published package, or run npm install in toolgen's checkout`,
    );
}
let main;
try {
  ({ main } = await import(bundle.href));
} catch (e) {
  fail(`cannot load its bundle ${fileURLToPath(bundle)}:`, e);
}
process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
