import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import {
  removedAfterEach,
  repoRoot,
  toolgen,
  toolgenIn,
} from "../helpers/project.js";
import {
  brokenProject,
  cleanProject,
  DRIFT,
  driftedProject,
  forgingProject,
  lastColumn,
  libraryDiagnostics,
  sourceOf,
} from "./scenarios.js";

const keep = removedAfterEach();

const CODES: Record<string, string> = {
  "%25": "%",
  "%0D": "\r",
  "%0A": "\n",
  "%3A": ":",
  "%2C": ",",
};
/** What GitHub reads back from an escaped part of a workflow command. */
const unescape = (text: string) =>
  text.replace(/%(25|0D|0A|3A|2C)/g, (c) => CODES[c]!);

interface Annotation {
  readonly kind: string;
  readonly props: Record<string, string>;
  readonly message: string;
}

/** The workflow commands of stdout, read as GitHub reads them; every other line is left out. */
function annotations(stdout: string): Annotation[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("::"))
    .map((line) => {
      const m = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line)!;
      const props = Object.fromEntries(
        (m[2] ?? "")
          .split(",")
          .filter(Boolean)
          .map((p) => {
            const [k, v] = p.split("=");
            return [k!, unescape(v!)];
          }),
      );
      return { kind: m[1]!, props, message: unescape(m[3]!) };
    });
}

/** The annotation GitHub should show for each diagnostic the library finds in the project. */
function expectedAnnotations(dir: string, root = dir): Annotation[] {
  const source = sourceOf(dir);
  return libraryDiagnostics(dir).map((d) => ({
    kind: d.severity,
    props: {
      file: path.relative(root, path.join(dir, d.file)),
      ...(d.line === undefined
        ? {}
        : {
            line: String(d.line),
            col: String(d.col ?? 1),
            endColumn: String(lastColumn(d, source(d.file))),
          }),
      title: "toolgen",
    },
    message: d.message,
  }));
}

describe("--format github", () => {
  it("annotates every error and warning, then prints the text report", async () => {
    const dir = keep(brokenProject());
    const result = await toolgen(dir, "--format", "github");
    expect(result.code).toBe(2);
    expect(result.stdout.split("\n").filter(Boolean)).toHaveLength(3);
    expect(annotations(result.stdout)).toEqual(expectedAnnotations(dir));
    expect(result.stderr).toBe((await toolgen(dir)).stderr);
  });

  it("--quiet drops the warnings' annotations", async () => {
    const dir = keep(brokenProject());
    const result = await toolgen(dir, "--format", "github", "--quiet");
    expect(annotations(result.stdout)).toEqual(
      expectedAnnotations(dir).filter((a) => a.kind === "error"),
    );
  });

  it("escapes text from the spec so that it cannot start a command of its own", async () => {
    const dir = keep(forgingProject());
    const expected = expectedAnnotations(dir);
    // The spec's key holds a line break: the message quotes it with the break escaped.
    const forged = expected.find((a) =>
      a.message.includes(String.raw`"evil\n::error::forged%"`),
    )!;
    expect(forged).toBeDefined();
    expect(expected.filter((a) => /[\r\n]/.test(a.message))).toEqual([]);
    const result = await toolgen(dir, "--format", "github");
    // Each annotation is one line: nothing the spec holds begins a line of stdout.
    expect(result.stdout.split("\n").filter(Boolean)).toHaveLength(
      expected.length,
    );
    expect(annotations(result.stdout)).toEqual(expected);
    // GitHub reads commands on stderr too: the log shows the message as the annotation does.
    expect(result.stderr.split("\n").filter((l) => /^\s*::/.test(l))).toEqual(
      [],
    );
    expect(result.stderr).toContain(forged.message);
  });

  it("escapes a file name's colon and comma", async () => {
    const dir = keep(forgingProject());
    fs.renameSync(path.join(dir, "tools.yaml"), path.join(dir, "a,b:c.yaml"));
    const result = await toolgen(
      dir,
      "--format",
      "github",
      "--spec",
      "a,b:c.yaml",
    );
    expect(result.stdout).toContain("::error file=a%2Cb%3Ac.yaml,line=");
    expect(annotations(result.stdout).map((a) => a.props.file)).toContain(
      "a,b:c.yaml",
    );
  });

  it("says nothing more than the text on a clean run", async () => {
    const dir = keep(await cleanProject());
    const result = await toolgen(dir, "--format", "github");
    expect(result.code).toBe(0);
    expect(result).toEqual(await toolgen(dir));
  });

  it("annotates each drifted file, with the fix, and still prints the diff", async () => {
    const dir = keep(await driftedProject());
    const result = await toolgen(dir, "--check", "--format", "github");
    expect(result.code).toBe(1);
    const found = annotations(result.stdout);
    expect(found.map((a) => a.props.file).sort()).toEqual(
      [...Object.values(DRIFT), ".toolgen"].map((p) => `generated/${p}`).sort(),
    );
    for (const a of found) {
      expect(a.kind).toBe("error");
      expect(a.message).toMatch(/^generated\/\S+ .* run: npx toolgen$/);
    }
    expect(
      found.find((a) => a.props.file === `generated/${DRIFT.changed}`)!.message,
    ).toBe(
      `generated/${DRIFT.changed} differs from what tools.yaml produces; run: npx toolgen`,
    );
    expect(result.stderr).toContain(`+++ b/${DRIFT.changed}`);
  });

  describe("names files from the repository's root", () => {
    /** A repository whose spec lives in api/, run from api/. */
    function nested(): { root: string; api: string } {
      const root = keep(brokenProject());
      const api = path.join(root, "api");
      fs.mkdirSync(api);
      for (const name of ["tools.yaml", "tpl"])
        fs.renameSync(path.join(root, name), path.join(api, name));
      return { root, api };
    }

    it("the nearest folder above the spec holding .git", async () => {
      const { root, api } = nested();
      fs.mkdirSync(path.join(root, ".git"));
      const result = await toolgen(api, "--format", "github");
      expect(annotations(result.stdout)).toEqual(
        expectedAnnotations(api, root),
      );
      expect(annotations(result.stdout)[0]!.props.file).toBe("api/tools.yaml");
    });

    it("GITHUB_WORKSPACE when set", async () => {
      const { root, api } = nested();
      fs.mkdirSync(path.join(api, ".git"));
      const result = await toolgenIn(
        { cwd: api, env: { GITHUB_WORKSPACE: root } },
        "--format",
        "github",
      );
      expect(annotations(result.stdout)).toEqual(
        expectedAnnotations(api, root),
      );
    });
  });

  describe("in the real process", () => {
    const bin = path.join(repoRoot, "bin", "toolgen.mjs");

    it("is the default when GITHUB_ACTIONS=true, and an explicit --format wins", async () => {
      const dir = keep(brokenProject());
      const env = { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: dir };
      const github = await runBin(bin, [], env, dir);
      expect(github.code).toBe(2);
      expect(annotations(github.stdout)).toEqual(expectedAnnotations(dir));

      const text = await runBin(bin, ["--format", "text"], env, dir);
      expect(text.code).toBe(2);
      expect(text.stdout).toBe("");
      expect(text.stderr).toBe(github.stderr);

      const plain = await runBin(bin, [], {}, dir);
      expect(plain.stdout).toBe("");
    });
  });
});
