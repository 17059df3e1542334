import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tools } from "@molecule/platform-client";
import { createTools } from "@molecule/platform-langchain";
import { repoRoot } from "../helpers/project.js";

// The TypeScript side of the shared LangChain vectors (tests/vectors/langchain/): the generated
// package, imported by its name, with a client and handlers that must never be reached.
// tests/python/test_langchain_vectors.py replays the same files against the Python runtime.

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly as: "args" | "tool_call";
  readonly arguments: Record<string, unknown>;
  readonly error: { readonly class: string; readonly message: string };
}

const dir = path.join(repoRoot, "tests/vectors/langchain");
const cases = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap(
    (f) =>
      (
        JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as {
          cases: Case[];
        }
      ).cases,
  );

const reached: string[] = [];
const client = {
  $call: async (name: string) => {
    reached.push(name);
    return null;
  },
};
const handlers = Object.fromEntries(
  tools
    .filter((t) => t.local)
    .map((t) => [
      t.name,
      async () => {
        reached.push(t.name);
        return null;
      },
    ]),
);
const made = createTools({ client, handlers } as never) as unknown as {
  name: string;
  invoke(input: unknown): Promise<unknown>;
}[];

describe("shared LangChain vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const tool = made.find((t) => t.name === c.tool)!;
    reached.length = 0;
    const input =
      c.as === "tool_call"
        ? { type: "tool_call", id: "call-1", name: c.tool, args: c.arguments }
        : c.arguments;
    const error = await tool.invoke(input).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error && { class: error.name, message: error.message }).toEqual(
      c.error,
    );
    expect(reached).toEqual([]);
  });
});
