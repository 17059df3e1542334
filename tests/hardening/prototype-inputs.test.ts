import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { installPlatformFixture } from "../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { fixtures, specProblems } from "../helpers/project.js";
import { nameCases } from "./corpus/names.js";

// The corpus case whose inputs are named after members of Object.prototype (constructor,
// toString, valueOf, hasOwnProperty), generated, installed by name and called through every
// target against the fake platform: an input is there when the caller gave it, never because
// every object inherits a member of that name. What each call must do is read from the case's
// spec.

const testCase = nameCases.find(
  (c) => c.name === "prototype-names-as-properties",
)!;

interface SpecInput {
  readonly type?: string;
}
interface SpecTool {
  readonly name: string;
  readonly input: {
    readonly properties: Record<string, SpecInput>;
    readonly required?: readonly string[];
  };
  readonly http?: { readonly query?: readonly string[] };
  readonly cli?: { readonly usage: string } | null;
}
const spec = parse(testCase.spec) as {
  targets: Record<string, { package: string; env?: Record<string, string> }>;
  tools: SpecTool[];
};
const tool = (name: string) => spec.tools.find((t) => t.name === name)!;
/** A tool's inputs that every object would seem to have, read by plain indexing. */
const inherited = (t: SpecTool) =>
  Object.keys(t.input.properties).filter((name) => name in Object.prototype);
const required = (t: SpecTool) => t.input.required ?? [];
/** The inputs every call must give: the required ones that are no Object.prototype member. */
const plainRequired = (t: SpecTool, values: Record<string, unknown>) =>
  Object.fromEntries(
    required(t)
      .filter((name) => !(name in Object.prototype))
      .map((name) => [name, values[name]]),
  );

/** The tool whose prototype-named inputs are all optional and typed, sent in the query. */
const queried = spec.tools.find(
  (t) =>
    inherited(t).length > 0 &&
    inherited(t).every((n) => !required(t).includes(n)) &&
    t.http?.query !== undefined,
)!;
/** The tool with a required prototype-named input that has no type. */
const bodied = spec.tools.find((t) =>
  inherited(t).some(
    (n) => required(t).includes(n) && t.input.properties[n]!.type === undefined,
  ),
)!;
const missingRequired = inherited(bodied).filter((n) =>
  required(bodied).includes(n),
);

/** A value of the input's type, and one of another. */
const fitting: Record<string, unknown> = {
  string: "s",
  number: 3,
  boolean: true,
};
const wrong: Record<string, unknown> = { string: 1, number: "3", boolean: 0 };
const BASE: Record<string, unknown> = { id: "n-1", text: "hello" };

const fixture = installPlatformFixture(
  path.join(fixtures, "valid/minimal/tools.yaml"),
  { edit: () => testCase.spec },
);
afterAll(() => fixture.remove());

type Method = (input: Record<string, unknown>) => Promise<unknown>;
const clientPackage = await fixture.load<{
  createClient(config: object): Record<string, Method>;
  validateInput(name: string, input: unknown): string[];
}>(spec.targets.client!.package);
const { validateInput } = clientPackage;
const camel = (name: string) =>
  name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

let platform: PlatformServer;
let client: Record<string, Method>;
beforeAll(async () => {
  platform = await startPlatform();
  client = clientPackage.createClient({
    baseUrl: platform.url,
    workspaces: [{ id: "ws-1", token: "tok-proto-1" }],
  });
});
afterAll(() => platform.close());
afterEach(() => platform.reset());

const answered = () => platform.otherwise({ body: { ok: true } });
const seen = () =>
  platform.requests.map((r) => ({
    method: r.method,
    path: r.path,
    query: r.query,
    body: r.body,
  }));

describe("validateInput", () => {
  it("finds no problem with optional prototype-named inputs left out", () => {
    expect(inherited(queried).length).toBeGreaterThan(0);
    expect(validateInput(queried.name, plainRequired(queried, BASE))).toEqual(
      [],
    );
  });

  it("checks each prototype-named input that is given", () => {
    for (const name of inherited(queried)) {
      const type = queried.input.properties[name]!.type!;
      const input = plainRequired(queried, BASE);
      expect(
        validateInput(queried.name, { ...input, [name]: fitting[type] }),
      ).toEqual([]);
      expect(
        validateInput(queried.name, { ...input, [name]: wrong[type] }),
      ).toEqual([`${name} must be a ${type}`]);
    }
  });

  it("says a required prototype-named input is missing, even one with no type", () => {
    expect(missingRequired.length).toBeGreaterThan(0);
    expect(validateInput(bodied.name, plainRequired(bodied, BASE))).toEqual(
      missingRequired.map((n) => `${n} is required`),
    );
  });
});

describe("each target calls the tool", () => {
  it("the client's method sends what it is given and nothing it is not", async () => {
    answered();
    const method = client[camel(queried.name)]!;
    await method(plainRequired(queried, BASE));
    const given = Object.fromEntries(
      inherited(queried).map((n) => [
        n,
        fitting[queried.input.properties[n]!.type!],
      ]),
    );
    await method({ ...plainRequired(queried, BASE), ...given });
    const [left, sent] = seen();
    expect(left!.query).toEqual({});
    expect(sent!.query).toEqual(
      Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)])),
    );
  });

  it("the client refuses a call without the required one, and sends it when given", async () => {
    answered();
    const method = client[camel(bodied.name)]!;
    await expect(method(plainRequired(bodied, BASE))).rejects.toMatchObject({
      name: "InputError",
      problems: missingRequired.map((n) => `${n} is required`),
    });
    expect(platform.requests).toEqual([]);
    const given = Object.fromEntries(missingRequired.map((n) => [n, 7]));
    await method({ ...plainRequired(bodied, BASE), ...given });
    expect(seen().map((r) => r.body)).toEqual([
      { ...plainRequired(bodied, BASE), ...given },
    ]);
  });

  it("MCP's tools/call", async () => {
    answered();
    const { createServer } = await fixture.load<{
      createServer(options: object): {
        connect(t: InMemoryTransport): Promise<void>;
      };
    }>(spec.targets.mcp!.package);
    const server = createServer({ client, handlers: { ping: async () => 1 } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: "agent", version: "1.0.0" });
    await mcp.connect(clientSide);
    try {
      const ok = await mcp.callTool({
        name: queried.name,
        arguments: plainRequired(queried, BASE),
      });
      expect(ok.isError ?? false).toBe(false);
      const refused = await mcp.callTool({
        name: bodied.name,
        arguments: plainRequired(bodied, BASE),
      });
      expect(refused.isError).toBe(true);
      for (const n of missingRequired)
        expect(JSON.stringify(refused.content)).toContain(`${n} is required`);
    } finally {
      await mcp.close();
    }
    expect(seen().map((r) => r.query)).toEqual([{}]);
  });

  it("a LangChain tool's invoke", async () => {
    answered();
    const { createTools } = await fixture.load<{
      createTools(options: object): {
        name: string;
        invoke(args: object): Promise<string>;
      }[];
    }>(spec.targets.langchain!.package);
    const tools = createTools({ client, handlers: { ping: async () => 1 } });
    const found = tools.find((t) => t.name === queried.name)!;
    expect(
      JSON.parse(await found.invoke(plainRequired(queried, BASE))),
    ).toEqual({ ok: true });
    expect(seen().map((r) => r.query)).toEqual([{}]);
  });

  it("the CLI's command", async () => {
    answered();
    const { main } = await fixture.load<{
      main(argv: readonly string[], options: object): Promise<number>;
    }>(spec.targets.cli!.package);
    const keyword = bodied.cli!.usage.split(" ")[0]!;
    const optional = inherited(bodied).filter(
      (n) => !required(bodied).includes(n),
    );
    expect(optional.length).toBeGreaterThan(0);
    const kebab = (n: string) =>
      n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const env = spec.targets.client!.env!;
    let stderr = "";
    const code = await main(
      [
        keyword,
        String(BASE.text),
        ...missingRequired.flatMap((n) => [`--${kebab(n)}`, "v"]),
      ],
      {
        env: {
          [env.base_url!]: platform.url,
          [env.workspace_id!]: "ws-1",
          [env.token!]: "tok-proto-1",
        },
        stdout: () => {},
        stderr: (t: string) => void (stderr += t),
      },
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(seen().map((r) => r.body)).toEqual([
      {
        ...plainRequired(bodied, BASE),
        ...Object.fromEntries(missingRequired.map((n) => [n, "v"])),
      },
    ]);
  });
});

describe("toolgen's check of a default", () => {
  /** The case's spec with an object input of `bodied` whose properties are named like those of Object.prototype. */
  const withDefault = (value: string) =>
    [
      [
        "        valueOf: {",
        `        shape: { type: object, properties: { constructor: { type: string }, toString: { type: string } }, required: [toString], default: ${value} }\n        valueOf: {`,
      ],
      ["body: [text, tag,", "body: [text, tag, shape,"],
    ].reduce((text, [from, to]) => {
      expect(text).toContain(from);
      return text.replace(from!, to!);
    }, testCase.spec);

  it("reads only the default's own keys", () => {
    expect(specProblems(withDefault("{ toString: t }"))).toEqual([]);
    expect(specProblems(withDefault("{}"))).toEqual([
      expect.stringMatching(
        /input 'shape': the default \{\} does not fit its own schema: must have required property 'toString'$/,
      ),
    ]);
  });
});
