import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, npm, npx, packToolgen, run } from "../helpers/pack.js";
import { repoRoot } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

const SECTION = "## Use toolgen for your own platform";

/** The section's ```sh blocks marked `<!-- walkthrough: <kind> -->`, in order, by kind. */
function walkthroughBlocks(): { run: string[]; mcp: string[] } {
  const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf(`\n${SECTION}\n`);
  expect(start, `README.md has no section "${SECTION}"`).toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + SECTION.length);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks = { run: [] as string[], mcp: [] as string[] };
  for (const m of section.matchAll(
    /^<!-- walkthrough: (\w+) -->\n```sh\n([\s\S]*?)^```$/gm,
  ))
    blocks[m[1] as keyof typeof blocks].push(m[2]!);
  return blocks;
}

interface Spec {
  targets: {
    client: { env: Record<string, string> };
    mcp: { bin: string };
    cli: { bin: string };
  };
  tools: {
    name: string;
    short: string;
    local?: boolean;
    cli?: { usage: string } | null;
  }[];
}

// npm as the README runs it, answered from this machine's cache.
const env = {
  ...cleanEnv,
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

describe("the README's walkthrough, run against the packed tarball", () => {
  const blocks = walkthroughBlocks();
  let temp: string;
  let project: string;
  let script: { code: number; stdout: string; stderr: string };
  let spec: Spec;

  beforeAll(async () => {
    temp = tempDir("toolgen-walkthrough-");
    // The README packs toolgen in a clone beside the project: ../toolgen/ seen from it.
    const { tarball } = await packToolgen(
      fs.mkdirSync(path.join(temp, "toolgen"), { recursive: true })!,
    );
    const commands = blocks.run.join("\n");
    expect(
      commands,
      "the README copies another tarball than npm pack writes",
    ).toContain(`../toolgen/${path.basename(tarball)}`);
    script = await run("bash", ["-e", "-c", commands], temp, env);
    project = path.join(temp, /^mkdir (\S+) && cd \1$/m.exec(commands)![1]!);
    spec = yaml.load(
      fs.readFileSync(path.join(project, "tools.yaml"), "utf8"),
    ) as Spec;
  }, 300_000);

  afterAll(() => {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  it("runs every command to success, leaving no npm error", () => {
    expect(blocks.run.length).toBeGreaterThanOrEqual(2);
    expect(script.stderr).not.toMatch(/npm error|toolgen: |\bwarning\b/);
    expect(script.code).toBe(0);
  });

  it("declares the reader's tool beside init's example, with a working $schema line", () => {
    expect(spec.tools.length).toBeGreaterThanOrEqual(2);
    const first = fs
      .readFileSync(path.join(project, "tools.yaml"), "utf8")
      .split("\n")[0]!;
    const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(first)?.[1];
    expect(schema).toBeDefined();
    expect(fs.existsSync(path.join(project, schema!))).toBe(true);
  });

  it("leaves a CLI whose --help lists every command of the spec", async () => {
    const help = await run(npx, [spec.targets.cli.bin, "--help"], project, env);
    expect(help.code).toBe(0);
    const usages = spec.tools.flatMap((t) => (t.cli ? [t.cli.usage] : []));
    expect(usages.length).toBe(spec.tools.length);
    for (const usage of usages) expect(help.stdout).toContain(`  ${usage}  `);
  });

  it("passes the drift gate the workflow runs", async () => {
    const workflow = fs.readFileSync(
      path.join(project, ".github/workflows/toolgen.yml"),
      "utf8",
    );
    expect(workflow).toContain("- run: npm run gen:check\n");
    const check = await run(npm, ["run", "gen:check"], project, env);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
  });

  /** The README's MCP command: its variables and its bin, checked against the spec. */
  function serverCommand(): { vars: Record<string, string>; bin: string } {
    expect(blocks.mcp).toHaveLength(1);
    const line = /^((?:[A-Z_][A-Z0-9_]*=\S+ )+)npx (\S+)\n$/.exec(
      blocks.mcp[0]!,
    );
    expect(line, "the MCP block is `VAR=value … npx <bin>`").not.toBeNull();
    const vars = Object.fromEntries(
      line![1]!
        .trim()
        .split(" ")
        .map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]),
    );
    const { base_url, workspace_id, token } = spec.targets.client.env;
    expect(Object.keys(vars).sort()).toEqual(
      [base_url, workspace_id, token].sort(),
    );
    expect(line![2]).toBe(spec.targets.mcp.bin);
    return { vars, bin: line![2]! };
  }

  it("starts the MCP server as the README says: it lists every tool to the SDK client and answers the local ones through the runtime", async () => {
    const { vars, bin } = serverCommand();
    const local = spec.tools.filter((t) => t.local === true);
    expect(local.length).toBeGreaterThan(0);
    const client = new Client({ name: "agent", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: npx,
        args: [bin],
        cwd: project,
        env: { ...(env as Record<string, string>), ...vars },
        stderr: "pipe",
      }),
    );
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => [t.name, t.description])).toEqual(
        spec.tools.map((t) => [t.name, t.short]),
      );
      for (const tool of local) {
        const result = await client.callTool({
          name: tool.name,
          arguments: {},
        });
        expect(result.isError, JSON.stringify(result)).toBeFalsy();
        // The README's runtime answers with the workspace the server was started in.
        expect(JSON.stringify(result.content)).toContain(
          vars[spec.targets.client.env.workspace_id!],
        );
      }
    } finally {
      await client.close();
    }
  });

  it("runs a local tool's command through the runtime on the CLI", async () => {
    const { vars } = serverCommand();
    for (const tool of spec.tools.filter((t) => t.local === true)) {
      const result = await run(
        npx,
        [spec.targets.cli.bin, ...tool.cli!.usage.split(" ")],
        project,
        { ...env, ...vars },
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        vars[spec.targets.client.env.workspace_id!],
      );
    }
  });
});
