import fs from "node:fs";
import path from "node:path";
import {
  gatherInputs,
  generate,
  type Generated,
  type GeneratedFile,
  type SpecInput,
} from "../../generator/index.js";

/**
 * generate() over inputs gathered from disk as the CLI gathers them: toolgen's templates and
 * runtime, the user's templates folder (`templates`, else the spec's own setting), and the
 * working folder messages are shown from (default: this process's).
 */
export function generateFromDisk(
  spec: SpecInput,
  options: { templates?: string; cwd?: string } = {},
): Generated {
  return generate(
    gatherInputs(spec, {
      cwd: options.cwd ?? process.cwd(),
      templates: options.templates,
    }),
  );
}

/** Writes generated files under `root` (`<root>/<file.path>`), folders made as needed. */
export function writeGenerated(
  root: string,
  files: readonly GeneratedFile[],
): void {
  for (const f of files) {
    const target = path.join(root, f.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, f.content);
  }
}

/** Makes `<dir>/node_modules/<name>` a link to the folder `to`, as npm links a workspace. */
export function linkPackage(dir: string, name: string, to: string): void {
  const at = path.join(dir, "node_modules", name);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(to, at, "dir");
}
