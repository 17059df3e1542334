// The libraries only some runs need (the yaml library, Handlebars, ajv), for scripts/build.mjs:
// each bundled into a CommonJS file of its own in dist/chunks/, and generator/libraries.ts
// replaced in the generator's bundle by a version that loads them from there on first use.
import crypto from "node:crypto";
import path from "node:path";

/**
 * What generator/libraries.ts loads on first use, each library bundled into one CommonJS file
 * of its own (not written yet), `chunks/<name>-<hash>.cjs`, which a run loads synchronously with
 * require() when it needs it. ajv's dialects and ajv-formats share one file: one copy of ajv's core.
 */
const LIBRARIES = {
  yaml: 'module.exports = require("yaml");',
  handlebars: 'module.exports = require("handlebars");',
  ajv: [
    'const formats = require("ajv-formats");',
    "module.exports = {",
    '  Ajv: require("ajv").Ajv,',
    '  Ajv2019: require("ajv/dist/2019").Ajv2019,',
    '  Ajv2020: require("ajv/dist/2020").Ajv2020,',
    "  addFormats: formats.default ?? formats,",
    "};",
  ].join("\n"),
};

export async function bundleLibraries(esbuild, root, dist) {
  return Promise.all(
    Object.entries(LIBRARIES).map(async ([name, contents]) => {
      const result = await esbuild.build({
        stdin: { contents, resolveDir: root, loader: "js" },
        absWorkingDir: root,
        bundle: true,
        format: "cjs",
        platform: "node",
        target: "node20",
        packages: "bundle",
        logLevel: "warning",
        write: false,
      });
      const { contents: bytes } = result.outputFiles[0];
      const hash = crypto
        .createHash("sha256")
        .update(bytes)
        .digest("hex")
        .slice(0, 8);
      return {
        name,
        path: path.join(dist, "chunks", `${name}-${hash}.cjs`),
        contents: bytes,
      };
    }),
  );
}

/**
 * Puts a version of generator/libraries.ts in place that loads each library from its own bundle
 * (bundleLibraries), beside the generator's in dist/, so that none of them is in the bundle
 * every run compiles. The functions are those of the source module.
 */
export function librariesApart(libraries, root) {
  const target = path.join(root, "generator/libraries.ts");
  const functions = {
    yaml: "yamlLibrary",
    handlebars: "handlebarsLibrary",
    ajv: "ajvLibrary",
  };
  return {
    name: "libraries-apart",
    setup(b) {
      b.onLoad({ filter: /libraries\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== target) return undefined;
        const contents = [
          'import { createRequire } from "node:module";',
          'import path from "node:path";',
          'import { packageRoot } from "./generator/package-root.ts";',
          "const load = createRequire(import.meta.url);",
          ...libraries.map(
            (l) =>
              `export function ${functions[l.name]}() { return load(path.join(packageRoot, ${JSON.stringify(path.relative(root, l.path).split(path.sep).join("/"))})); }`,
          ),
        ].join("\n");
        return { contents, loader: "js", resolveDir: root };
      });
    },
  };
}
