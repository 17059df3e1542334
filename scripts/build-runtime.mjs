// The hand-written runtime (runtime/**/*.ts) bundled by kind, for scripts/build.mjs: one
// JavaScript module and one declaration file per kind, the code and the declarations several
// kinds share in content-hashed chunks/, and kinds.json naming the chunks each kind needs.
import fs from "node:fs";
import path from "node:path";

/**
 * Each runtime kind's entry: what its package's index.js, bins and index.d.ts import from the
 * client package's `runtime/<kind>` subpath (the client's own index.js re-exports its module).
 */
const RUNTIME_ENTRIES = {
  client: "./runtime/client/package.ts",
  mcp: "./runtime/mcp/entry.ts",
  langchain: "./runtime/langchain/entry.ts",
  "ai-sdk": "./runtime/ai-sdk/entry.ts",
  "function-calling": "./runtime/function-calling/entry.ts",
  cli: "./runtime/cli/entry.ts",
};

/**
 * Bundles the runtime into `out`: esbuild writes one `<kind>.js` per entry with the code several
 * share in `chunks/chunk-<hash>.js`; rolldown-plugin-dts writes one `<kind>.d.ts` per entry with
 * the declarations several share in `chunks/types-<hash>.d.ts`; `kinds.json` lists the chunks
 * each entry needs, so that a spec's packages carry only those of its targets.
 */
export async function bundleRuntime(esbuild, root, out) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: RUNTIME_ENTRIES,
    outdir: out,
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  const code = chunksByKind(result.metafile, root, out);
  const types = await bundleDeclarations(root, out);
  const kinds = Object.fromEntries(
    Object.keys(RUNTIME_ENTRIES).map((kind) => [
      kind,
      [...code[kind], ...types[kind]].sort(),
    ]),
  );
  fs.writeFileSync(
    path.join(out, "kinds.json"),
    JSON.stringify(kinds, null, 2) + "\n",
  );
}

/** Each kind → the chunks its entry imports, directly or through another chunk, sorted. */
function chunksByKind(metafile, root, out) {
  const rel = (p) =>
    path.relative(out, path.resolve(root, p)).split(path.sep).join("/");
  const outputs = Object.fromEntries(
    Object.entries(metafile.outputs).map(([p, o]) => [rel(p), o]),
  );
  const needs = (file, seen) => {
    for (const i of outputs[file].imports) {
      const target = rel(i.path);
      if (
        i.kind === "import-statement" &&
        target in outputs &&
        !seen.has(target)
      ) {
        seen.add(target);
        needs(target, seen);
      }
    }
    return seen;
  };
  return Object.fromEntries(
    Object.keys(RUNTIME_ENTRIES).map((kind) => [
      kind,
      [...needs(`${kind}.js`, new Set())].sort(),
    ]),
  );
}

/**
 * One declaration file per entry, bundled by rolldown-plugin-dts from the isolated declarations
 * in one build, so that what several entries declare (the tool table, the handler and call
 * types, SpecTypes, the client parts…) is written once, in a shared chunk the entries import.
 * Returns each kind → the declaration chunks it imports, directly or through another, sorted.
 */
async function bundleDeclarations(root, out) {
  const [{ rolldown }, { dts }] = await Promise.all([
    import("rolldown"),
    import("rolldown-plugin-dts"),
  ]);
  const bundle = await rolldown({
    input: RUNTIME_ENTRIES,
    cwd: root,
    platform: "node",
    external: (id) =>
      !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0"),
    plugins: [
      dts({
        oxc: true,
        emitDtsOnly: true,
        tsconfig: path.join(root, "runtime/tsconfig.json"),
      }),
    ],
    logLevel: "warn",
  });
  let output;
  try {
    ({ output } = await bundle.write({
      dir: out,
      format: "es",
      entryFileNames: "[name].js",
      // Written as types-<hash>.d.ts; the entries import it as types-<hash>.js.
      chunkFileNames: "chunks/types-[hash].js",
      // The shared chunk exports its declarations under their own names, not as a, b, c…
      minifyInternalExports: false,
    }));
  } finally {
    await bundle.close();
  }
  const chunks = new Map(
    output.filter((o) => o.type === "chunk").map((o) => [o.fileName, o]),
  );
  const needs = (file, seen) => {
    for (const i of chunks.get(file).imports)
      if (chunks.has(i) && !seen.has(i)) {
        seen.add(i);
        needs(i, seen);
      }
    return seen;
  };
  return Object.fromEntries(
    Object.keys(RUNTIME_ENTRIES).map((kind) => [
      kind,
      [...needs(`${kind}.d.ts`, new Set())].sort(),
    ]),
  );
}
