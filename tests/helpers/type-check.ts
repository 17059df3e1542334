import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "./project.js";
import { tempDir } from "./temp.js";

/**
 * tsc's complaints ("" when none) about `body`, compiled strictly as `check.ts` in a temporary
 * folder beside `files` (relative path → text). `modules: true` compiles it as a Node ES module with this
 * repository's node_modules in reach; otherwise as a plain module with no imports.
 */
export function typeCheck(
  body: string,
  options: { files?: Record<string, string>; modules?: boolean } = {},
): string {
  const dir = tempDir("toolgen-type-check-");
  try {
    for (const [name, text] of Object.entries(options.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    if (options.modules)
      fs.symlinkSync(
        path.join(repoRoot, "node_modules"),
        path.join(dir, "node_modules"),
      );
    fs.writeFileSync(path.join(dir, "check.ts"), `${body}\nexport {};\n`);
    const moduleArgs = options.modules
      ? [
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--types",
          "",
        ]
      : [];
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        ...moduleArgs,
        "check.ts",
      ],
      { encoding: "utf8", cwd: dir },
    );
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
