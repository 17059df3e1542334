// Builds what `toolgen` runs: the generator bundled into dist/toolgen.mjs, and the
// hand-written runtime (runtime/**/*.ts) bundled into one JavaScript module and one declaration
// file per runtime kind in dist/runtime/ (shared code in chunks/), already in prettier's format,
// ready for emitters to copy verbatim.
//
// Several builds may run at once (every `npm run gen` and test run rebuilds a stale dist/),
// and others read dist/ meanwhile: each output appears whole, by rename, never half-written.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleLibraries, librariesApart } from "./build-libraries.mjs";
import { bundleRuntime } from "./build-runtime.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(root, "dist");
const stampFile = path.join(dist, ".stamp");

/**
 * Builds dist/ and returns the packages that have type errors (tsc printed them, and still emitted):
 * `npm run build` fails on them; a build on the way to `npm run gen` goes on, since gen is how
 * freshly generated types get brought back in line.
 */
export async function build() {
  // Sources edited while this build runs must leave the result stale: the stamp gets the start time.
  const started = new Date();
  const esbuild = await import("esbuild");
  const libraries = await bundleLibraries(esbuild, root, dist);
  const result = await bundleGenerator(esbuild, libraries);
  // Chunks have content-hashed names; the entry that imports them is replaced last.
  const entry = path.join(dist, "toolgen.mjs");
  const outputs = [...libraries, ...result.outputFiles].sort(
    (a, b) => Number(a.path === entry) - Number(b.path === entry),
  );
  for (const file of outputs) writeAtomic(file.path, file.contents);
  removeOldChunks(new Set(outputs.map((f) => f.path)));
  await buildRuntime(esbuild);
  const typeErrors = buildReference();
  writeAtomic(stampFile, "");
  fs.utimesSync(stampFile, started, started);
  return typeErrors;
}

/** The generator bundled by esbuild (not written yet); a source that does not compile is a BuildError. */
async function bundleGenerator(esbuild, libraries) {
  try {
    return await esbuild.build({
      entryPoints: { toolgen: path.join(root, "generator/cli.ts") },
      // Places in messages (and the bundle's comments) relative to the checkout, from any cwd.
      absWorkingDir: root,
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
      write: false,
      // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
      banner: {
        js: 'import { createRequire as __toolgenRequire } from "node:module"; const require = __toolgenRequire(import.meta.url);',
      },
      plugins: [
        precompiledStructure(),
        precompiledTemplates(),
        librariesApart(libraries, root),
      ],
    });
  } catch (e) {
    if (!Array.isArray(e?.errors)) throw e;
    // esbuild printed each error with its place (above): name the first one in the reason too.
    const first = e.errors[0];
    const where = first?.location
      ? `${first.location.file}:${first.location.line}:${first.location.column}: `
      : "";
    throw new BuildError(
      `the generator does not compile (${where}${first?.text ?? "see above"}); dist/ was not updated`,
    );
  }
}

/**
 * Puts ajv's standalone code for tools.schema.json in place of generator/validate/structure-validator.ts,
 * so the bundle validates a spec's structure without compiling the schema on every run.
 * The options are STRUCTURE_OPTIONS of that module, plus the standalone output.
 */
function precompiledStructure() {
  const target = path.join(root, "generator/validate/structure-validator.ts");
  return {
    name: "precompiled-structure",
    setup(b) {
      b.onLoad({ filter: /structure-validator\.ts$/ }, async (args) => {
        if (path.resolve(args.path) !== target) return undefined;
        const [{ Ajv }, { default: standalone }] = await Promise.all([
          import("ajv"),
          import("ajv/dist/standalone/index.js"),
        ]);
        const schema = JSON.parse(
          fs.readFileSync(path.join(root, "tools.schema.json"), "utf8"),
        );
        const ajv = new Ajv({
          allErrors: true,
          strict: false,
          verbose: true,
          code: { source: true, esm: true },
        });
        const code = standalone(ajv, ajv.compile(schema));
        return {
          contents: `${code}\nexport function structureValidator() { return validate; }\n`,
          loader: "js",
          resolveDir: root,
        };
      });
    },
  };
}

/**
 * Puts Handlebars' precompiled code for toolgen's own templates (templates/docs/*.hbs, by their
 * LF text) in place of generator/render/precompiled-templates.ts, so a run with them compiles none.
 * The options are TEMPLATE_OPTIONS of that module. A template edited since the build is not found
 * by its text, and is compiled as any user's template is.
 */
function precompiledTemplates() {
  const target = path.join(root, "generator/render/precompiled-templates.ts");
  const options = () => ({ strict: true, noEscape: true });
  return {
    name: "precompiled-templates",
    setup(b) {
      b.onLoad({ filter: /precompiled-templates\.ts$/ }, async (args) => {
        if (path.resolve(args.path) !== target) return undefined;
        const { default: Handlebars } = await import("handlebars");
        const folder = path.join(root, "templates/docs");
        const entries = fs
          .readdirSync(folder)
          .filter((name) => name.endsWith(".hbs"))
          .sort()
          .map((name) => {
            const text = fs
              .readFileSync(path.join(folder, name), "utf8")
              .replace(/\r\n?/g, "\n");
            return `[${JSON.stringify(text)}, ${Handlebars.precompile(text, options())}]`;
          });
        const contents =
          `export const TEMPLATE_OPTIONS = ${JSON.stringify(options())};\n` +
          `const SPECS = new Map([\n${entries.join(",\n")}\n]);\n` +
          `export function precompiledTemplate(text) { return SPECS.get(text); }\n`;
        return { contents, loader: "js", resolveDir: root };
      });
    },
  };
}

/**
 * The runtime, bundled once: tsc checks runtime/ (no output); esbuild bundles one `<kind>.js`
 * per entry with the code several share in content-hashed `chunks/`; rolldown-plugin-dts bundles
 * one `<kind>.d.ts` per entry; `kinds.json` lists the chunks each entry needs, so that a spec's
 * packages carry only those of its targets. Prettier lays the output out; it lands in a fresh
 * folder under dist/runtime-builds/, and dist/runtime (a link) is switched to it in one rename.
 */
async function buildRuntime(esbuild) {
  if (!fs.existsSync(path.join(root, "runtime/tsconfig.json"))) return;
  const builds = path.join(dist, "runtime-builds");
  fs.mkdirSync(builds, { recursive: true });
  const fresh = fs.mkdtempSync(path.join(builds, `${Date.now()}-`));
  fs.chmodSync(fresh, 0o755);
  try {
    try {
      tsc(path.join(root, "runtime/tsconfig.json"), null);
    } catch {
      // Copied into every generated package: a runtime that does not compile is never used.
      throw new BuildError(
        "runtime/ has type errors (above); dist/runtime was not updated",
      );
    }
    await bundleRuntime(esbuild, root, fresh);
  } catch (e) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw e;
  }
  execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules/prettier/bin/prettier.cjs"),
      "--write",
      "--log-level",
      "warn",
      "--ignore-path",
      "",
      fresh,
    ],
    {
      stdio: "inherit",
      cwd: root,
    },
  );
  const link = path.join(dist, "runtime");
  const tmpLink = `${link}.${process.pid}.tmp`;
  fs.rmSync(tmpLink, { force: true });
  // Relative, so that a copy of the checkout reads its own build, not the original's; a Windows
  // junction needs an absolute target.
  fs.symlinkSync(
    process.platform === "win32" ? fresh : path.relative(dist, fresh),
    tmpLink,
    "junction",
  );
  // Before this scheme dist/runtime was a plain folder, which a link cannot replace by rename.
  if (fs.existsSync(link) && !fs.lstatSync(link).isSymbolicLink())
    fs.rmSync(link, { recursive: true, force: true });
  fs.renameSync(tmpLink, link);
  removeOldBuilds(builds, fresh);
}

/**
 * The hand-written reference packages (reference/<name>/src, e.g. the reference spec's runtime)
 * compiled by their own tsconfig into their git-ignored dist/, which their package.json exports.
 * Compiled into a fresh folder first, then each file renamed into place, so a reader never sees half of one.
 */
function buildReference() {
  const typeErrors = [];
  const folder = path.join(root, "reference");
  const packages = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((name) =>
          fs.existsSync(path.join(folder, name, "tsconfig.json")),
        )
    : [];
  for (const name of packages) {
    const pkg = path.join(folder, name);
    const fresh = fs.mkdtempSync(path.join(dist, `reference-${name}-`));
    try {
      try {
        tsc(path.join(pkg, "tsconfig.json"), fresh);
      } catch {
        // tsc still emits. A reference package that no longer fits freshly generated types must not
        // block `npm run gen`, which is how those types get fixed; `npm run build` fails on it.
        typeErrors.push(`reference/${name}`);
      }
      for (const file of fs.readdirSync(fresh, { recursive: true })) {
        const from = path.join(fresh, String(file));
        if (fs.statSync(from).isFile())
          writeAtomic(
            path.join(pkg, "dist", String(file)),
            fs.readFileSync(from),
          );
      }
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }
  return typeErrors;
}

/** A build that cannot go on, for a reason the message says in one line (no stack). */
export class BuildError extends Error {}

/**
 * npm packs no symbolic link: for `npm pack` (prepack), dist/runtime becomes a real folder holding
 * the current build. The next build replaces it with a link again.
 */
function materializeRuntime() {
  const link = path.join(dist, "runtime");
  if (!fs.lstatSync(link).isSymbolicLink()) return;
  const copy = `${link}.${process.pid}.tmp`;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(fs.realpathSync(link), copy, { recursive: true });
  fs.rmSync(link);
  fs.renameSync(copy, link);
}

/**
 * toolgen's package.json while `npm pack` (or publish) packs: its `scripts` all run files of the
 * checkout (scripts/, bench/, the tests), which the tarball does not hold, and `prepare` would
 * ask every installer to allow a script it cannot run. prepack (`--pack`) keeps the full file
 * here and packs one without `scripts`; postpack (`--postpack`, which npm takes from the manifest
 * it read before prepack) puts it back, as does any later run of this script, should a pack stop
 * between the two.
 */
const manifest = path.join(root, "package.json");
const fullManifest = path.join(root, "package.json.unpacked");

function writePackedManifest() {
  const text = fs.readFileSync(manifest, "utf8");
  fs.writeFileSync(fullManifest, text);
  const { scripts: _scripts, ...packed } = JSON.parse(text);
  writeAtomic(manifest, `${JSON.stringify(packed, null, 2)}\n`);
}

function restoreManifest() {
  if (fs.existsSync(fullManifest)) fs.renameSync(fullManifest, manifest);
}

/** Chunks of earlier builds, once older than a minute (a run that loaded an older entry has finished). */
function removeOldChunks(current) {
  const chunks = path.join(dist, "chunks");
  for (const name of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    const full = path.join(chunks, name);
    if (!current.has(full) && Date.now() - fs.statSync(full).mtimeMs > 60_000)
      fs.rmSync(full, { force: true });
  }
}

/** Builds older than a minute, but the current one: a reader that followed an older link has long finished. */
function removeOldBuilds(builds, keep) {
  const current = fs.realpathSync(path.join(dist, "runtime"));
  for (const name of fs.readdirSync(builds)) {
    const full = path.join(builds, name);
    if (full === keep || full === current) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > 60_000)
      fs.rmSync(full, { recursive: true, force: true });
  }
}

/** Compiles a TypeScript project into `outDir` (only checks it when null), its messages on our stderr; throws on type errors. */
function tsc(project, outDir) {
  execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      project,
      ...(outDir === null ? ["--noEmit"] : ["--outDir", outDir]),
    ],
    { stdio: "inherit" },
  );
}

function writeAtomic(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

/** True when a source file is newer than the last build (so a toolgen developer never runs a stale bundle). */
export function isStale() {
  let stamp;
  try {
    stamp = fs.statSync(stampFile).mtimeMs;
  } catch {
    return true;
  }
  // A link to a build that is gone (a copied checkout, a dist/ cleaned by hand) is no build.
  if (
    fs.existsSync(path.join(root, "runtime")) &&
    !fs.existsSync(path.join(dist, "runtime"))
  )
    return true;
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
  const reference = path.join(root, "reference");
  const referenceSources = fs.existsSync(reference)
    ? fs.readdirSync(reference).map((name) => path.join(reference, name, "src"))
    : [];
  return (
    newer(path.join(root, "generator")) ||
    newer(path.join(root, "runtime")) ||
    referenceSources.some(newer) ||
    fs.statSync(path.join(root, "tools.schema.json")).mtimeMs > stamp
  );
}

if (
  process.argv[1] &&
  fileURLToPath(import.meta.url) === path.resolve(process.argv[1])
) {
  try {
    restoreManifest();
    if (process.argv.includes("--postpack")) process.exit();
    const typeErrors =
      process.argv.includes("--if-stale") && !isStale() ? [] : await build();
    for (const name of typeErrors)
      process.stderr.write(`build: ${name} has type errors (above)\n`);
    if (typeErrors.length > 0) process.exitCode = 1;
    else if (process.argv.includes("--pack")) {
      materializeRuntime();
      writePackedManifest();
    }
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    process.stderr.write(`build: ${e.message}\n`);
    process.exitCode = 1;
  }
}
