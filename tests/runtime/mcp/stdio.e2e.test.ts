import { describe, expect, it } from "vitest";
import { runStdio, unhandledLocalTools } from "../../../runtime/mcp/stdio.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";

// The bin's argument and environment handling; serving over real stdio is tested by spawning
// the generated bin (tests/emitters/mcp/stdio.e2e.test.ts).

const table: ToolTable = {
  server: {
    name: "acme",
    version: "1.2.3",
    bin: "acme-mcp",
    environment: {
      baseUrl: "ACME_URL",
      workspaceId: "ACME_WORKSPACE",
      token: "ACME_TOKEN",
      workspaces: "ACME_WORKSPACES",
    },
    instructions: null,
    httpTokenEnv: null,
  },
  tools: [],
  local: [],
  renamed: {},
  validate: () => [],
  validateOutput: () => [],
  structured: new Set(),
  withDefaults: (_, input) => input,
  sdks: {},
};

async function run(argv: string[], createClient: () => never) {
  let out = "";
  let err = "";
  const code = await runStdio({
    table,
    argv,
    createClient,
    out: (t) => void (out += t),
    err: (t) => void (err += t),
  });
  return { code, out, err };
}

const unreachable = (): never => {
  throw new Error("the client must not be built");
};

describe("runStdio", () => {
  it("prints its usage, naming the spec's environment variables, on --help", async () => {
    const { code, out, err } = await run(["--help"], unreachable);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "Usage: acme-mcp [--http [host:]port [--allow-origin origin]... [--max-connections n]]",
        "   or: acme-mcp --http [host:]port --sessions [--max-sessions n] [the options above]",
        "",
        "Serves the platform's tools over MCP on stdin and stdout, or with --http over Streamable",
        "HTTP at /mcp (host 127.0.0.1 unless given). Browser pages from localhost may call it, and",
        "those of each --allow-origin (scheme://host[:port]), which alone get CORS headers. At most",
        "--max-connections connections are held open (256 unless given): idle ones are closed to",
        "make room.",
        "",
        "Each POST is answered alone, as JSON, unless --sessions: then each client gets a session",
        "whose answers and notifications stream over SSE and resume with Last-Event-ID; at most",
        "--max-sessions sessions (100 unless given), the least recently used closed to make room.",
        "",
        "Configured from the environment:",
        "  ACME_URL  the platform's base URL",
        "  ACME_WORKSPACE, ACME_TOKEN  the workspace to act in and its token",
        '  ACME_WORKSPACES  instead, for several workspaces: a JSON array of {"id": ..., "token": ...}',
        "",
      ].join("\n"),
    );
  });

  it("refuses arguments with one line and exit code 2", async () => {
    const { code, out, err } = await run(["--port", "3000"], unreachable);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe(
      'acme-mcp: unexpected argument "--port" (see acme-mcp --help)\n',
    );
  });

  it("reports a bad environment as one line on stderr and exit code 2", async () => {
    const { code, out, err } = await run([], () => {
      throw new Error("ACME_URL is not set;\n  ACME_TOKEN is empty");
    });
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe("acme-mcp: ACME_URL is not set; ACME_TOKEN is empty\n");
  });
});

describe("runStdio's stderr", () => {
  it("escapes control characters in a message from outside: no terminal escape, no second line", async () => {
    const { code, err } = await run([], () => {
      throw new Error("bad value \u001b]0;owned\u0007\u2028acme-mcp: forged");
    });
    expect(code).toBe(2);
    expect(err).toBe(
      "acme-mcp: bad value \\x1b]0;owned\\x07\\u2028acme-mcp: forged\n",
    );
  });
});

describe("unhandledLocalTools", () => {
  it("answers each local tool that this runtime has no handler for it", async () => {
    const handlers = unhandledLocalTools(["ping", "constructor"]);
    expect(Object.keys(handlers)).toEqual(["ping", "constructor"]);
    const call = (name: string) =>
      (handlers[name] as unknown as () => Promise<unknown>)();
    await expect(call("ping")).rejects.toThrow(
      new Error("this runtime has no handler for ping"),
    );
    await expect(call("constructor")).rejects.toThrow(
      new Error("this runtime has no handler for constructor"),
    );
  });
});
