import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/project.js";

// The generator's folders form a pipeline: each imports only what sits below it, so a stage can
// be read, and changed, without the ones after it. These tests hold that from the sources.

const generatorDir = path.join(repoRoot, "generator");

/** Every TypeScript source under `root` (generator/ unless given), relative to it, / separated. */
function sources(root = generatorDir): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join("/"))
    .filter((p) => p.endsWith(".ts"));
}

/** The files a source imports (relative specifiers that stay inside `root`, generator/ unless given). */
function importsOf(file: string, root = generatorDir): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(
    /^\s*(?:import|export)\b[^"'`]*?from\s*["'](\.{1,2}\/[^"']+)["']/gm,
  )) {
    const target = path.posix.normalize(
      path.posix.join(path.posix.dirname(file), m[1]!),
    );
    if (!target.startsWith("..")) found.push(target.replace(/\.js$/, ".ts"));
  }
  return found;
}

/** The unit a cycle is measured between: a top folder of generator/, or a file at its top. */
function unit(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? file : `${file.slice(0, slash)}/`;
}

/** The cycles of a graph, each as the path that closes it (depth-first, one per back edge). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === "open")
        found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort())
    if (!state.has(node)) visit(node);
  return found;
}

describe("the generator's structure", () => {
  const files = sources();

  it("finds the sources it measures", () => {
    expect(files).toContain("pipeline.ts");
    expect(files.some((f) => f.startsWith("validate/"))).toBe(true);
    expect(importsOf("pipeline.ts")).toContain("validate/index.ts");
  });

  it("has no import cycle between its folders (or its top files)", () => {
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = unit(file);
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const target of importsOf(file)) {
        const to = unit(target);
        if (to !== from) edges.add(to);
      }
    }
    expect(cycles(graph)).toEqual([]);
  });

  it("has no import cycle between its files", () => {
    const graph = new Map(files.map((f) => [f, new Set(importsOf(f))]));
    expect(cycles(graph)).toEqual([]);
  });

  it.each(["runtime", "reference/runtime/src"])(
    "%s, the code the packages ship, has no import cycle between its files either",
    (folder) => {
      const root = path.join(repoRoot, folder);
      const files = sources(root).filter((f) => !f.endsWith(".d.ts"));
      expect(files.length).toBeGreaterThan(0);
      const graph = new Map(files.map((f) => [f, new Set(importsOf(f, root))]));
      expect(cycles(graph)).toEqual([]);
    },
  );

  it("reports a user's problem nowhere in the emitters: they receive a checked model", () => {
    const reporting = files.filter(
      (f) =>
        f.startsWith("emitters/") &&
        importsOf(f).some((t) => t.startsWith("diagnostics/")),
    );
    expect(reporting).toEqual([]);
  });

  it("measures a cycle when there is one", () => {
    const graph = new Map([
      ["a/", new Set(["b/"])],
      ["b/", new Set(["c/"])],
      ["c/", new Set(["a/"])],
    ]);
    expect(cycles(graph)).toEqual([["a/", "b/", "c/", "a/"]]);
  });
});
