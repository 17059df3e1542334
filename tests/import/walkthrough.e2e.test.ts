import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cleanEnv, run, type Run } from "../helpers/pack.js";
import { repoRoot, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// docs/import.md's walkthrough, run as written: its ```sh blocks marked
// `<!-- walkthrough: import -->`, in order, by bash in a project where toolgen is installed
// (linked to this checkout, npm offline); the outcomes are read from the files they leave.

const PAGE = "docs/import.md";

/** The page's blocks of a kind (`walkthrough`, `walkthrough-output`), in order. */
function blocks(kind: string, lang: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, PAGE), "utf8");
  const re = new RegExp(
    `^<!-- ${kind}: import -->\\n\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`,
    "gm",
  );
  return [...text.matchAll(re)].map((m) => m[1]!);
}

/** The body of each `cat > file <<'EOF'` / `cat >> file <<'EOF'` of the commands, in order. */
function heredocs(commands: string, file: string): string[] {
  const re = new RegExp(
    `^cat >>? ${file.replace(".", "\\.")} <<'EOF'\\n([\\s\\S]*?)^EOF$`,
    "gm",
  );
  return [...commands.matchAll(re)].map((m) => m[1]!);
}

describe(`${PAGE}'s walkthrough`, () => {
  const commands = blocks("walkthrough", "sh").join("\n");
  let project: string;
  let script: Run;

  beforeAll(async () => {
    project = tempDir("toolgen-import-walkthrough-");
    fs.writeFileSync(
      path.join(project, "package.json"),
      `${JSON.stringify({ name: "notes-project", private: true })}\n`,
    );
    const bin = path.join(project, "node_modules/.bin");
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(repoRoot, path.join(project, "node_modules/toolgen"));
    fs.symlinkSync("../toolgen/bin/toolgen.mjs", path.join(bin, "toolgen"));
    script = await run("bash", ["-e", "-c", commands], project, {
      ...cleanEnv,
      npm_config_offline: "true",
      npm_config_update_notifier: "false",
    });
  }, 180_000);

  const spec = () =>
    parse(fs.readFileSync(path.join(project, "tools.yaml"), "utf8")) as {
      tools: Record<string, unknown>[];
    };
  const tool = (name: string) => spec().tools.find((t) => t.name === name)!;

  it("runs every command to success", () => {
    expect(blocks("walkthrough", "sh").length).toBeGreaterThanOrEqual(3);
    expect(script.stderr).not.toMatch(/^toolgen(?: import)?: /m);
    expect(script.code, script.stderr).toBe(0);
  });

  it("prints the report the page shows", () => {
    const [output] = blocks("walkthrough-output", "text");
    expect(output).toBeDefined();
    expect(script.stdout).toContain(output);
  });

  it("leaves the server's latest tools, the user's edit and the user's own tool", () => {
    const latest = JSON.parse(
      fs.readFileSync(path.join(project, "tools.json"), "utf8"),
    ) as {
      tools: { name: string; description: string; inputSchema: unknown }[];
    };
    const [mine] = heredocs(commands, "tools.yaml");
    const own = parse(mine!) as Record<string, unknown>[];
    expect(spec().tools.map((t) => t.name)).toEqual([
      ...latest.tools.map((t) => t.name),
      ...own.map((t) => t.name),
    ]);
    for (const t of latest.tools)
      expect(tool(t.name)).toMatchObject({
        short: t.description,
        input: t.inputSchema,
      });
    // The perl edit's when_to_use stays, though the source's description changed.
    const edit =
      /s\/\^ {4}when_to_use: .*?\/ {4}when_to_use: (.*?)\/' tools\.yaml/.exec(
        commands,
      );
    expect(edit).not.toBeNull();
    expect(tool("search_notes").when_to_use).toBe(edit![1]);
    expect(script.stderr).toContain(
      `note: tool "search_notes": your when_to_use is kept`,
    );
    for (const t of own) expect(tool(t.name as string)).toEqual(t);
  });

  it("keeps the handlers the user writes, and generates what the spec says", async () => {
    const stub = fs.readFileSync(
      path.join(project, "runtime/index.js"),
      "utf8",
    );
    const first = JSON.parse(heredocs(commands, "tools.json")[0]!) as {
      tools: { name: string }[];
    };
    for (const t of first.tools) expect(stub).toContain(JSON.stringify(t.name));
    expect(stub).not.toContain('"delete_note"');
    expect(script.stdout).toContain(
      `runtime/ is yours: add the handler of "delete_note"`,
    );
    const check = await toolgen(project, "--check");
    expect(check.code, check.stderr).toBe(0);
  });
});
