import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_CONNECTIONS,
  parseBinArgs,
} from "../../../runtime/mcp/args.js";
import { DEFAULT_MAX_SESSIONS } from "../../../runtime/mcp/sessions.js";

// The MCP bin's arguments: stdio by default, --http [host:]port with --allow-origin, --sessions.

describe("parseBinArgs", () => {
  it("serves stdio without arguments, and help with --help or -h", () => {
    expect(parseBinArgs([])).toEqual({ mode: "stdio" });
    expect(parseBinArgs(["--http", "80", "-h"])).toEqual({ mode: "help" });
  });

  it.each([
    [["--http", "3000"], "127.0.0.1", 3000],
    [["--http=0"], "127.0.0.1", 0],
    [["--http", "0.0.0.0:8080"], "0.0.0.0", 8080],
    [["--http", "localhost:65535"], "localhost", 65535],
    [["--http", "[::1]:3000"], "::1", 3000],
  ])("reads %j as host %s, port %i", (argv, host, port) => {
    expect(parseBinArgs(argv)).toEqual({
      mode: "http",
      host,
      port,
      allowedOrigins: [],
      maxConnections: DEFAULT_MAX_CONNECTIONS,
    });
  });

  it("reads --max-connections", () => {
    expect(parseBinArgs(["--http", "0", "--max-connections=3"])).toMatchObject({
      mode: "http",
      maxConnections: 3,
    });
  });

  it("reads --sessions and --max-sessions; stateless without them", () => {
    expect(parseBinArgs(["--http", "0", "--sessions"])).toMatchObject({
      sessions: { maxSessions: DEFAULT_MAX_SESSIONS },
    });
    expect(
      parseBinArgs(["--max-sessions=7", "--sessions", "--http", "0"]),
    ).toMatchObject({ sessions: { maxSessions: 7 } });
    expect(parseBinArgs(["--http", "0"])).not.toHaveProperty("sessions");
  });

  it("collects each --allow-origin as browsers send it", () => {
    expect(
      parseBinArgs([
        "--allow-origin",
        "https://App.Example.com/",
        "--http",
        "3000",
        "--allow-origin=http://example.org:8080",
      ]),
    ).toEqual({
      mode: "http",
      host: "127.0.0.1",
      port: 3000,
      allowedOrigins: ["https://app.example.com", "http://example.org:8080"],
      maxConnections: DEFAULT_MAX_CONNECTIONS,
    });
  });

  it.each([
    [["--port", "3000"], 'unexpected argument "--port"'],
    [["--http"], "--http needs a value"],
    [["--http", "1", "--http", "2"], "--http is given twice"],
    [
      ["--http", "70000"],
      '--http "70000" is not [host:]port (a port from 0 to 65535)',
    ],
    [
      ["--http", "host:"],
      '--http "host:" is not [host:]port (a port from 0 to 65535)',
    ],
    [["--allow-origin", "https://a.example"], "--allow-origin needs --http"],
    [["--max-connections", "5"], "--max-connections needs --http"],
    [["--sessions"], "--sessions needs --http"],
    [["--http", "1", "--sessions=yes"], "--sessions takes no value"],
    [["--http", "1", "--max-sessions", "3"], "--max-sessions needs --sessions"],
    [["--max-sessions", "3"], "--max-sessions needs --sessions"],
    [
      ["--http", "1", "--sessions", "--max-sessions", "0"],
      '--max-sessions "0" is not a number from 1 to 100000',
    ],
    [
      ["--http", "1", "--sessions", "--max-sessions=2", "--max-sessions=3"],
      "--max-sessions is given twice",
    ],
    [
      ["--http", "1", "--max-connections", "0"],
      '--max-connections "0" is not a number from 1 to 100000',
    ],
    [
      ["--http", "1", "--max-connections", "100001"],
      '--max-connections "100001" is not a number from 1 to 100000',
    ],
    [
      ["--http", "1", "--max-connections=2", "--max-connections=3"],
      "--max-connections is given twice",
    ],
    [
      ["--http", "1", "--allow-origin", "https://a.example/path"],
      '--allow-origin "https://a.example/path" is not an origin (scheme://host[:port])',
    ],
    [
      ["--http", "1", "--allow-origin", "file:///x"],
      '--allow-origin "file:///x" is not an origin (scheme://host[:port])',
    ],
  ])("refuses %j: %s", (argv, message) => {
    expect(parseBinArgs(argv)).toBe(message);
  });
});
