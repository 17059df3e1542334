import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installConsumer, removeConsumer } from "../../hardening/consumer.js";
import { repoRoot } from "../../helpers/project.js";
import { runBin } from "../../helpers/bin.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { env, molecule, platform } from "./bin-setup.js";

describe("a local tool's command", () => {
  // tools.yaml sets targets.cli.runtime, so this bin answers delegate with the reference runtime
  // (tests/reference/runtime/cli-bin.e2e.test.ts). Without the setting, the bin is the plain one.
  const plain = (() => {
    const text = fs.readFileSync(platformFixturePath, "utf8");
    const without = text.replace(
      /\n    # Answers the local tools' commands[^\n]*\n    runtime: [^\n]*/,
      "",
    );
    if (without === text)
      throw new Error(
        "the platform fixture no longer sets targets.cli.runtime where this test expects it",
      );
    const { files } = generateFromDisk({
      file: "tools.yaml",
      text: without,
      dir: repoRoot,
    });
    const consumer = installConsumer([files]);
    return {
      consumer,
      bin: path.join(
        consumer.packages.get("@molecule/platform-cli")!,
        "bin.js",
      ),
    };
  })();
  afterAll(() => removeConsumer(plain.consumer));

  it("without targets.cli.runtime the bin has no handler: it says so and exits 1 without calling the platform", async () => {
    const run = await runBin(
      plain.bin,
      ["delegate", "ws-peer", "Summarise the Q3 report"],
      env,
    );
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "molecule delegate: 'delegate_task' is a local tool, handled by the agent runtime's own code, and this CLI was started without a handler for it.\n" +
        `A runtime that implements it passes its handler to this CLI's main() as handlers["delegate_task"], or the spec's runtime setting names a runtime that has one.\n`,
    });
    expect(platform.requests).toEqual([]);
  });

  it("the help says which bin answers it: the plain one tells that it exits 1", async () => {
    const plainHelp = await runBin(plain.bin, ["delegate", "--help"], {});
    expect(plainHelp.stdout).toContain(
      "the plain 'molecule' command\nhas no handler for it and exits 1",
    );
    expect((await runBin(plain.bin, ["--help"], {})).stdout).toContain(
      "Handled by the agent runtime (without its handler the command exits 1): delegate\n",
    );
    const wired = await molecule("delegate", "--help");
    expect(wired.stdout).toContain(
      "Handled by the agent runtime's own code, not by the platform.\n",
    );
    expect(wired.stdout).not.toContain("exits 1;");
  });

  it("with a runtime package that is not installed, --help and the HTTP commands still work; a local command says why it fails", async () => {
    const text = fs
      .readFileSync(platformFixturePath, "utf8")
      .replace(
        /(# Answers the local tools' commands[^\n]*\n    runtime: )"[^"]*"/,
        '$1"@nowhere/runtime"',
      );
    if (!text.includes("@nowhere/runtime"))
      throw new Error(
        "the platform fixture no longer sets targets.cli.runtime where this test expects it",
      );
    const consumer = installConsumer([
      generateFromDisk({ file: "tools.yaml", text, dir: repoRoot }).files,
    ]);
    try {
      const missingBin = path.join(
        consumer.packages.get("@molecule/platform-cli")!,
        "bin.js",
      );
      expect((await runBin(missingBin, ["--help"], {})).code).toBe(0);
      platform.answer("GET /workspaces/ws-self", {
        status: 200,
        body: { id: "ws-self" },
      });
      expect(await runBin(missingBin, ["info"], env)).toEqual({
        code: 0,
        stdout: "id: ws-self\n",
        stderr: "",
      });
      const local = await runBin(missingBin, ["delegate", "ws-peer", "x"], env);
      expect(local.code).toBe(1);
      expect(local.stderr).toMatch(
        /^molecule delegate: Cannot find package '@nowhere\/runtime'/,
      );
    } finally {
      removeConsumer(consumer);
    }
  });

  it("still checks its arguments first: a usage error is 2", async () => {
    const run = await molecule("delegate", "ws-peer");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "molecule delegate: missing <task>\nRun 'molecule delegate --help' for its usage.\n",
    );
    expect(platform.requests).toEqual([]);
  });
});
