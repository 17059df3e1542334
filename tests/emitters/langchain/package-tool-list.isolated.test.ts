import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { describe, expect, it } from "vitest";
import {
  byName,
  client,
  createTools,
  handlers,
  type LocalHandlers,
} from "./package-setup.js";
import { spec, specTool } from "./spec.js";

// The tools createTools makes: every spec tool with its description and schema, or the subset
// asked for.

describe("the tool list", () => {
  it("has every spec tool, in spec order, with its name, short description and schema", () => {
    const tools = createTools({ client, handlers });
    expect(tools.map((t) => t.name)).toEqual(spec.tools.map((t) => t.name));
    for (const t of spec.tools) {
      const made = byName(tools, t.name);
      expect(made.description).toBe(t.short);
      expect(made.schema).toEqual(t.input);
      // What a model provider is sent must be the spec's schema too, not a lossy conversion.
      expect(convertToOpenAITool(made).function.parameters).toEqual(t.input);
    }
  });

  it("appends when_to_use to the description on request", () => {
    const tools = createTools({ client, handlers, appendWhenToUse: true });
    for (const t of spec.tools) {
      const { description } = byName(tools, t.name);
      expect(description.startsWith(t.short)).toBe(true);
      expect(description.endsWith(t.when_to_use)).toBe(true);
      expect(description.length).toBeGreaterThan(
        t.short.length + t.when_to_use.length,
      );
    }
  });

  it("gives each createTools call its own schemas", () => {
    const first = byName(createTools({ client, handlers }), "commit_memory");
    (
      first.schema as { properties: Record<string, unknown> }
    ).properties.injected = { type: "string" };
    expect(
      byName(createTools({ client, handlers }), "commit_memory").schema,
    ).toEqual(specTool("commit_memory").input);
  });
});

describe("choosing a subset", () => {
  const inSection = (id: string) =>
    spec.tools.filter((t) => t.section === id).map((t) => t.name);

  it("by section", () => {
    expect(
      createTools({ client, sections: ["memory"] }).map((t) => t.name),
    ).toEqual(inSection("memory"));
  });

  it("by names, in spec order", () => {
    const names = createTools({
      client,
      handlers,
      names: ["recall_memory", "delegate_task"],
    }).map((t) => t.name);
    expect(names).toEqual(["delegate_task", "recall_memory"]);
  });

  it("by sections and names together", () => {
    const names = createTools({
      client,
      sections: ["memory"],
      names: ["list_peers"],
    }).map((t) => t.name);
    expect(names).toEqual(["list_peers", ...inSection("memory")]);
  });

  it.each([
    [
      "an unknown name",
      { names: ["delegate_taks"] },
      "unknown tool 'delegate_taks' (did you mean 'delegate_task'?)",
    ],
    [
      "a former name",
      { names: ["search_memory"] },
      "unknown tool 'search_memory' (renamed to 'recall_memory')",
    ],
    [
      "an unknown section",
      { sections: ["mem"] },
      "unknown section 'mem' (sections: a2a, memory)",
    ],
  ])("rejects %s", (_, selection, message) => {
    expect(() =>
      createTools({ client, handlers, ...(selection as object) }),
    ).toThrow(message);
  });

  it("rejects a selection whose local tools have no handler", () => {
    const partial = {
      inbox_peek: handlers.inbox_peek,
    } as unknown as LocalHandlers;
    expect(() =>
      createTools({
        client,
        handlers: partial,
        names: ["inbox_peek", "inbox_pop", "delegate_task"],
      }),
    ).toThrow("no handler for the local tools 'delegate_task', 'inbox_pop'");
  });
});
