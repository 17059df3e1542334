import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { repoRoot } from "../../helpers/project.js";

/*
 * The type-level checks name the platform fixture's tools, so they are compiled against the
 * packages generated from it (tools.yaml's own packages would change under a user's edits):
 * each file is copied into the fixture's consumer folder, where the package names resolve to
 * the fixture's packages, and type-checked there strictly. tsconfig.json leaves them out.
 */
let fixture: PlatformFixture;
beforeAll(() => {
  fixture = installPlatformFixture();
});
afterAll(() => fixture.remove());

it.each([
  "client/consumer.ts",
  "langchain/typing.check.ts",
  "function-calling/typing.check.ts",
])(
  "the generated types accept correct use and reject each mistake in %s",
  (file) => {
    const dir = fs.mkdtempSync(path.join(fixture.consumer.dir, "types-"));
    const copy = path.join(dir, path.basename(file));
    fs.copyFileSync(path.join(import.meta.dirname, "..", file), copy);
    const tsconfig = {
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        noEmit: true,
        types: ["node"],
        typeRoots: [path.join(repoRoot, "node_modules/@types")],
        skipLibCheck: false,
      },
      files: [copy],
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
  },
);
