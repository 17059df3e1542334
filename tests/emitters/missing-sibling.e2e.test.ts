import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specInput } from "../../generator/index.js";
import {
  generateFromDisk,
  linkPackage,
  writeGenerated,
} from "../helpers/generate.js";
import { platformFixturePath } from "../helpers/reference-spec.js";
import { repoRoot } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// A user who installed one package without its siblings (npm --legacy-peer-deps, a hand-made
// node_modules, a bundler's partial copy): each package is installed alone in a consumer folder
// outside the repository, so the client package (and the prompts package) do not resolve.
// Importing it throws one Error naming what to install; its bin prints that line and exits 2.

const text = fs.readFileSync(platformFixturePath, "utf8");
const targets = parse(text).targets as Record<
  string,
  { package: string; bin?: string }
>;
const client = targets.client!.package;
let dir: string;

beforeAll(() => {
  dir = tempDir("toolgen-no-sibling-");
  const { files } = generateFromDisk(
    specInput(platformFixturePath, text, repoRoot),
  );
  writeGenerated(path.join(dir, "generated"), files);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Where `target`'s package is installed in `consumer`. */
const installed = (consumer: string, target: string) =>
  path.join(consumer, "node_modules", targets[target]!.package);

/**
 * A consumer folder holding the one package of `target` and nothing else: a copy, since Node
 * resolves a linked package's imports from where the link points.
 */
function alone(target: string, folder: string): string {
  const consumer = tempDir(`toolgen-alone-${folder}-`);
  fs.cpSync(path.join(dir, "generated", folder), installed(consumer, target), {
    recursive: true,
  });
  return consumer;
}

const run = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    input: "",
  });

const needs = (pkg: string, sibling: string) =>
  `${pkg} needs ${sibling}: npm install ${sibling}`;

describe.each([
  ["mcp", "mcp"],
  ["langchain", "langchain"],
  ["cli", "cli"],
  ["ai_sdk", "ai-sdk"],
  ["function_calling", "function-calling"],
])("the %s package without the client package", (target, folder) => {
  it("throws one Error naming what to install when imported", () => {
    const consumer = alone(target, folder);
    const pkg = targets[target]!.package;
    const imported = run(consumer, [
      "--input-type=module",
      "-e",
      `try { await import(${JSON.stringify(pkg)}); } catch (e) { process.stdout.write(\`\${e.code}: \${e.message}\`); }`,
    ]);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toBe(`ERR_MISSING_PACKAGE: ${needs(pkg, client)}`);
  });
});

describe.each([
  ["mcp", "mcp", (bin: string) => `bin/${bin}.js`],
  ["cli", "cli", () => "bin.js"],
])("the %s bin without the client package", (target, folder, binPath) => {
  it("prints one line on stderr naming what to install, and exits 2", () => {
    const consumer = alone(target, folder);
    const { package: pkg, bin } = targets[target]!;
    const result = run(consumer, [
      path.join(installed(consumer, target), binPath(bin!)),
    ]);
    expect(result.stderr).toBe(`${bin}: ${needs(pkg, client)}\n`);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
  });
});

it("the MCP package with the client but without the prompts package names the prompts package", () => {
  const consumer = alone("mcp", "mcp");
  fs.cpSync(path.join(dir, "generated/client"), installed(consumer, "client"), {
    recursive: true,
  });
  for (const dep of ["ajv", "ajv-formats"])
    linkPackage(consumer, dep, path.join(repoRoot, "node_modules", dep));
  const prompts = targets.docs!.package;
  const { package: pkg, bin } = targets.mcp!;
  const result = run(consumer, [
    path.join(installed(consumer, "mcp"), "bin", `${bin}.js`),
  ]);
  expect(result.stderr).toBe(`${bin}: ${needs(pkg, prompts)}\n`);
  expect(result.status).toBe(2);
});
