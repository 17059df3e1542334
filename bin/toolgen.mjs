#!/usr/bin/env node
// The toolgen command: runs the bundled generator in dist/ (built by `npm run build`).
import fs from "node:fs";

// In toolgen's own repository, rebuild first when a source is newer than the bundle.
if (fs.existsSync(new URL("../generator/", import.meta.url))) {
  const { isStale, build } = await import("../scripts/build.mjs");
  if (isStale()) await build();
}
const { main } = await import("../dist/toolgen.mjs");
process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
