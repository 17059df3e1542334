import { describe, expect, it } from "vitest";
import { toolgen } from "../helpers/project.js";

describe("toolgen --help", () => {
  it("names every option gen accepts, each of which parses", async () => {
    const help = await toolgen(process.cwd(), "--help");
    expect(help.code).toBe(0);
    const options = [
      ...help.stdout.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)( <\w+>)?/gm),
    ].map((m) => (m[2] ? [m[1]!, "json"] : [m[1]!]));
    expect(options.map((o) => o[0])).toEqual(
      expect.arrayContaining(["--watch", "--format", "--verbose", "--quiet"]),
    );
    // Each option the help names is one the parser knows: with --help after it, help is shown.
    for (const option of options) {
      const run = await toolgen(process.cwd(), ...option, "--help");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe("");
    }
  });
});
