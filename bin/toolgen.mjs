#!/usr/bin/env node
// The toolgen command: runs the bundled generator in dist/ (built by `npm run build`, and by
// `npm pack` for the published package, which carries no sources and no build tools).
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const bundle = new URL("../dist/toolgen.mjs", import.meta.url);

// In toolgen's own checkout, with its dev dependencies installed, rebuild first when a source is
// newer than the bundle.
if (
  fs.existsSync(new URL("../scripts/build.mjs", import.meta.url)) &&
  fs.existsSync(new URL("../node_modules/esbuild/", import.meta.url))
) {
  const { isStale, build, BuildError } = await import("../scripts/build.mjs");
  if (isStale()) {
    try {
      for (const name of await build())
        process.stderr.write(
          `build: ${name} has type errors (above); built anyway\n`,
        );
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      process.stderr.write(`toolgen: cannot build: ${e.message}\n`);
      process.exit(3);
    }
  }
}
// What a packed toolgen carries: without it, one line and no stack.
for (const needed of [bundle, new URL("../dist/runtime/", import.meta.url)]) {
  if (!fs.existsSync(needed)) {
    process.stderr.write(
      `toolgen: this copy of toolgen is not built (${fileURLToPath(needed)} is missing): install the published package, or run npm install in toolgen's checkout\n`,
    );
    process.exit(3);
  }
}
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
