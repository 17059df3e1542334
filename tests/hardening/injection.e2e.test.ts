import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Node, Project } from "ts-morph";
import { specInput, type GeneratedFile } from "../../generator/index.js";
import {
  importAll,
  installConsumer,
  removeConsumer,
  typecheck,
  type Consumer,
} from "./consumer.js";
import { CANARY, injectionCases, payloads } from "./corpus/injection.js";
import { nameCases } from "./corpus/names.js";
import { generateFromDisk } from "../helpers/generate.js";

/** Each accepted case under its own package scope, so all of them fit in one consumer and one tsc run. */
const accepted = [...injectionCases, ...nameCases]
  .filter((c) => c.exit === 0)
  .map((c) => ({
    name: c.name,
    files: generateFromDisk(
      specInput(
        "tools.yaml",
        c.spec.replaceAll("@acme/", `@acme-${c.name.toLowerCase()}/`),
        os.tmpdir(),
      ),
    ).files,
  }));

/**
 * Every string a generated tree holds: JSON values and keys, the literal values and property names
 * of its code, and the prompt docs' texts as the prompts package exports them (each Markdown file
 * less its header line).
 */
function readBack(files: readonly GeneratedFile[]): {
  strings: Set<string>;
  syntaxErrors: string[];
} {
  const strings = new Set<string>();
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: true, noEmit: true },
  });
  for (const f of files) {
    if (f.path.endsWith(".json")) {
      const walk = (v: unknown): void => {
        if (typeof v === "string") strings.add(v);
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v !== null && typeof v === "object")
          for (const [k, x] of Object.entries(v)) {
            strings.add(k);
            walk(x);
          }
      };
      walk(JSON.parse(f.content));
    } else if (f.path.endsWith(".md")) {
      strings.add(f.content.slice(f.content.indexOf("\n") + 1));
    } else if (/\.(d\.ts|js)$/.test(f.path)) {
      const source = project.createSourceFile(
        f.path.replace(/\.js$/, ".mjs"),
        f.content,
        { overwrite: true },
      );
      source.forEachDescendant((node) => {
        if (
          Node.isStringLiteral(node) ||
          Node.isNoSubstitutionTemplateLiteral(node)
        )
          strings.add(node.getLiteralValue());
        else if (
          Node.isPropertySignature(node) ||
          Node.isPropertyAssignment(node)
        ) {
          const name = node.getNameNode();
          if (Node.isIdentifier(name)) strings.add(name.getText());
        }
      });
    }
  }
  const syntaxErrors = project
    .getProgram()
    .getSyntacticDiagnostics()
    .map(
      (d) =>
        `${d.getSourceFile()?.getFilePath()}: ${JSON.stringify(d.getMessageText())}`,
    );
  return { strings, syntaxErrors };
}

const oneLine = (text: string) => text.replace(/\r\n|[\r\n\u2028\u2029]/g, " ");

describe("text from tools.yaml in generated code", () => {
  let consumer: Consumer;
  beforeAll(() => {
    consumer = installConsumer(accepted.map((a) => a.files));
  });
  afterAll(() => removeConsumer(consumer));

  it.each(Object.entries(payloads))(
    "%s: parses, and reads back exactly from code and data",
    (key, text) => {
      const { files } = accepted.find((a) => a.name === `${key}-everywhere`)!;
      const { strings, syntaxErrors } = readBack(files);
      expect(syntaxErrors).toEqual([]);
      expect(strings).toContain(text);
      expect(strings).toContain(oneLine(text));
      // A mangled copy anywhere (a JSON file, a prompt text, a type) still carries a marker.
      const copies = [...strings].filter(
        (s) => s.includes(`BEGIN-${key}`) || s.includes(`END-${key}`),
      );
      expect(copies.length).toBeGreaterThan(1);
      // The prompt docs are LF-only files, so their copies have CR and CRLF as LF: the one change allowed.
      const forms = [text, oneLine(text), text.replace(/\r\n?/g, "\n")];
      for (const s of copies)
        expect(
          forms.some((f) => s.includes(f)),
          JSON.stringify(s),
        ).toBe(true);
    },
  );

  it("names from tools.yaml read back as property names and tool names", () => {
    const props = readBack(
      accepted.find((a) => a.name === "prototype-names-as-properties")!.files,
    ).strings;
    for (const name of ["constructor", "toString", "hasOwnProperty"])
      expect(props).toContain(name);
    const odd = readBack(
      accepted.find((a) => a.name === "odd-property-names")!.files,
    ).strings;
    for (const name of ["a.b", "with space", "naïve", "0lead", "$dollar"])
      expect(odd).toContain(name);
    // An HTTP tool may not take such a name (the client's method would break the client); a local tool may.
    const tools = readBack(
      accepted.find((a) => a.name === "prototype-names-as-local-tools")!.files,
    ).strings;
    expect(tools).toContain("hasOwnProperty");
  });

  it("every generated package of every accepted case type-checks strictly", () => {
    expect(typecheck(consumer)).toEqual([]);
  });

  it("a local tool named after an Object.prototype member is served through the real MCP client, never by the prototype", () => {
    const scope = "@acme-prototype-names-as-local-tools";
    const script = `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
const mcp = await import("${scope}/mcp");
const { createClient } = await import("${scope}/client");
const platform = createClient({ baseUrl: "http://127.0.0.1:9", workspace: { id: "w", token: "token-t-1" } });
const out = {};
try { mcp.createServer({ client: platform, handlers: {} }); out.missing = "accepted"; } catch (e) { out.missing = e.message; }
const server = mcp.createServer({ client: platform, handlers: { hasOwnProperty: async () => "mine" } });
const [a, b] = InMemoryTransport.createLinkedPair();
const client = new Client({ name: "hardening", version: "0.0.0" });
await Promise.all([server.connect(b), client.connect(a)]);
out.listed = (await client.listTools()).tools.map((t) => t.name);
out.own = await client.callTool({ name: "hasOwnProperty", arguments: {} });
out.inherited = await client.callTool({ name: "valueOf", arguments: {} }).then(() => "answered", (e) => e.code);
process.stdout.write(JSON.stringify(out));`;
    const run = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: consumer.dir, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout) as {
      missing: string;
      listed: string[];
      own: { content: { text: string }[] };
      inherited: number | string;
    };
    expect(out.missing).toContain("hasOwnProperty");
    expect(out.listed).toEqual(["add_note", "get_note", "hasOwnProperty"]);
    expect(out.own.content[0]!.text).toBe("mine");
    // Not a tool of the server, whatever the prototype holds: JSON-RPC's invalid params.
    expect(out.inherited).toBe(-32602);
  });

  it.each(Object.entries(payloads))(
    "%s: the CLI, run as a user runs it, prints the summary exactly",
    (key, text) => {
      const cli = consumer.packages.get(
        `@acme-${key.toLowerCase()}-everywhere/cli`,
      )!;
      const bin = (
        JSON.parse(fs.readFileSync(path.join(cli, "package.json"), "utf8")) as {
          bin: Record<string, string>;
        }
      ).bin;
      const run = spawnSync(
        process.execPath,
        [path.join(cli, Object.values(bin)[0]!), "add", "--help"],
        { cwd: consumer.dir, encoding: "utf8" },
      );
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(oneLine(text));
    },
  );

  it("importing every package runs none of the text", () => {
    const run = importAll(consumer, CANARY);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ran: null });
  });
});

describe("the property names of an input schema", () => {
  it("named after Object.prototype members stay own keys of every JSON file", () => {
    const { files } = accepted.find(
      (a) => a.name === "prototype-names-as-properties",
    )!;
    const table = files.find((f) => f.path === "client/tools.json")!;
    const tool = (
      JSON.parse(table.content) as {
        tools: { name: string; inputSchema: { properties: object } }[];
      }
    ).tools.find((t) => t.name === "get_note")!;
    for (const name of ["constructor", "toString", "hasOwnProperty"])
      expect(Object.hasOwn(tool.inputSchema.properties, name), name).toBe(true);
  });
});
