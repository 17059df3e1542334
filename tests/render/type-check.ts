import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../helpers/project.js";

/** tsc's complaints about a module of declarations ("" when none). */
export function typeCheck(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-types-"));
  try {
    fs.writeFileSync(path.join(dir, "all.ts"), `${body}\nexport {};\n`);
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "all.ts",
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
