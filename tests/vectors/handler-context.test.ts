import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LocalContext } from "../../runtime/shared/context.js";
import { repoRoot } from "../helpers/project.js";

// The shared handler-context vectors (tests/vectors/handler-context/*.json): a handler's context
// outside MCP; tests/python/test_handler_context_vectors.py replays them in Python.

interface Case {
  readonly name: string;
  readonly via: string;
  readonly call: "progress" | "log" | "elicit" | "sample";
  readonly args: unknown[];
  readonly error?: string;
}

const folder = path.join(repoRoot, "tests/vectors/handler-context");
const cases = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .flatMap(
    (f) =>
      (
        JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")) as {
          cases: Case[];
        }
      ).cases,
  );

const platform = { $call: () => Promise.reject(new Error("no platform")) };

describe("handler-context vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const ctx = new LocalContext(
      platform,
      new AbortController().signal,
      c.via,
    );
    const answer = (
      ctx[c.call] as (...args: unknown[]) => Promise<unknown>
    ).apply(ctx, c.args);
    if (c.error !== undefined) await expect(answer).rejects.toThrow(c.error);
    else await expect(answer).resolves.toBeUndefined();
  });
});
