/**
 * Type-level checks of the generated index.d.ts, compiled by tests/emitters/client/types.e2e.test.ts
 * against the packages generated from the platform fixture (never run):
 * each @ts-expect-error fails the type-check if the line it marks stops being an error.
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { LocalHandlers, PlatformClient } from "@molecule/platform-client";
import { createTools, type PlatformTool } from "@molecule/platform-langchain";

declare const client: PlatformClient;
declare const handlers: LocalHandlers;
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2
    ? true
    : false;
const assert = <T extends true>(): T => true as T;
declare function bind(tools: readonly StructuredToolInterface[]): void;

export function everything(): void {
  const tools = createTools({ client, handlers });
  assert<Equal<(typeof tools)[number], PlatformTool>>();
  // @ts-expect-error: every local tool needs its handler when all tools are selected.
  createTools({ client });
  // @ts-expect-error: one missing handler is enough to refuse.
  createTools({ client, handlers: { ...handlers, inbox_pop: undefined } });
}

export function subsets(): void {
  // The memory section has no local tool: no handler is needed.
  const memory = createTools({ client, sections: ["memory"] });
  assert<
    Equal<(typeof memory)[number]["name"], "commit_memory" | "recall_memory">
  >();

  // Only the selected local tools need a handler; more may be passed.
  createTools({
    client,
    names: ["inbox_pop", "recall_memory"],
    handlers: { inbox_pop: handlers.inbox_pop },
  });
  createTools({ client, names: ["inbox_pop"], handlers });
  createTools({
    client,
    names: ["inbox_pop", "recall_memory"],
    // @ts-expect-error: inbox_pop is local and selected, so its handler is required.
    handlers: { inbox_peek: handlers.inbox_peek },
  });
  // @ts-expect-error: names are checked against the spec's tools.
  createTools({ client, names: ["search_memory"] });
  // @ts-expect-error: so are sections.
  createTools({ client, sections: ["mem"] });

  // Where a type is expected, the expected type must not leak into S and N (it would select every tool).
  const typed: StructuredToolInterface[] = createTools({
    client,
    sections: ["memory"],
  });
  bind(createTools({ client, names: ["recall_memory"] }));

  const mixed = createTools({
    client,
    sections: ["memory"],
    names: ["list_peers"],
  });
  assert<
    Equal<
      (typeof mixed)[number]["name"],
      "commit_memory" | "recall_memory" | "list_peers"
    >
  >();
}

export function handlerInputs(): void {
  createTools({
    client,
    names: ["inbox_pop"],
    handlers: {
      // The handler's input is the generated input type, not LangChain's unknown.
      inbox_pop: async (input) => {
        assert<Equal<typeof input.activity_id, string>>();
        return null;
      },
    },
  });
}

export async function invoking(
  tool: PlatformTool<"commit_memory">,
): Promise<void> {
  const text = await tool.invoke({ content: "fact" });
  assert<Equal<typeof text, string>>();
  const message = await tool.invoke({
    id: "call_1",
    name: "commit_memory",
    args: { content: "fact" },
    type: "tool_call",
  });
  assert<Equal<typeof message, ToolMessage>>();
  // @ts-expect-error: the input is typed from the schema.
  await tool.invoke({ content: 42 });
}
