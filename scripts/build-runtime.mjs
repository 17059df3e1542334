// The hand-written runtime (runtime/**/*.ts) bundled by kind, for scripts/build.mjs: one
// JavaScript module and one declaration file per kind, the code several kinds share in
// content-hashed chunks/, and kinds.json naming the chunks each kind needs.
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
 * share in `chunks/`; rolldown-plugin-dts writes one `<kind>.d.ts` per entry; `kinds.json` lists
 * the chunks each entry needs, so that a spec's packages carry only those of its targets.
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
  fs.writeFileSync(
    path.join(out, "kinds.json"),
    JSON.stringify(chunksByKind(result.metafile, root, out), null, 2) + "\n",
  );
  await bundleDeclarations(root, out);
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

/** One declaration file per entry, bundled by rolldown-plugin-dts from the isolated declarations. */
async function bundleDeclarations(root, out) {
  const [{ rolldown }, { dts }] = await Promise.all([
    import("rolldown"),
    import("rolldown-plugin-dts"),
  ]);
  for (const [kind, input] of Object.entries(RUNTIME_ENTRIES)) {
    const bundle = await rolldown({
      input: { [kind]: input },
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
    try {
      await bundle.write({
        dir: out,
        format: "es",
        entryFileNames: "[name].js",
      });
    } finally {
      await bundle.close();
    }
  }
}
