import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { goldenFiles } from "../../helpers/goldens.js";

/**
 * Goldens of what a person reads: `molecule --help` and each command's own help, from the real
 * bin generated from the platform fixture (a frozen copy of tools.yaml, whose commands these are).
 */
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-cli");

describe("help goldens", () => {
  it("--help lists every command with its summary", async () => {
    const run = await runBin(bin, ["--help"], {});
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    await expect(run.stdout).toMatchFileSnapshot(
      "__snapshots__/help/molecule.txt",
    );
  });

  const commands: [string, string][] = [
    ["delegate", "delegate"],
    ["delegate --async", "delegate-async"],
    ["status", "status"],
    ["peers", "peers"],
    ["info", "info"],
  ];
  it.each(commands)("%s --help", async (keyword, file) => {
    const run = await runBin(bin, [...keyword.split(" "), "--help"], {});
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    await expect(run.stdout).toMatchFileSnapshot(
      `__snapshots__/help/${file}.txt`,
    );
    // `molecule help <command>` is the same page.
    expect(
      (await runBin(bin, ["help", ...keyword.split(" ")], {})).stdout,
    ).toBe(run.stdout);
  });

  it("keeps a golden for each page, and no other", () => {
    const folder = path.join(import.meta.dirname, "__snapshots__/help");
    expect(goldenFiles(folder)).toEqual(
      ["molecule.txt", ...commands.map(([, file]) => `${file}.txt`)].sort(),
    );
  });
});
