import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../helpers/project.js";

it("the generated types accept correct use and reject each mistake in consumer.ts", () => {
  const cache = path.join(repoRoot, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "toolgen-client-types-"));
  try {
    const tsconfig = {
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        noEmit: true,
        types: ["node"],
        skipLibCheck: false,
      },
      files: [path.join(import.meta.dirname, "consumer.ts")],
    };
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    let output = "";
    try {
      execFileSync(
        process.execPath,
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
        { encoding: "utf8" },
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    expect(output).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
