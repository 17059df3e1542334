/*
 * How a TypeScript consumer uses @molecule/platform-client. Never run: type-checked by
 * types.e2e.test.ts against the client generated from the platform fixture (tests/fixtures/platform).
 * Every @ts-expect-error is a mistake the generated types must catch; tsc fails if one of them
 * stops being an error.
 */
import {
  ClientError,
  createClient,
  createClientFromEnv,
  PlatformError,
  tools,
  validateInput,
  type CommitMemoryInput,
  type HandlerContext,
  type HttpToolName,
  type LocalHandlers,
  type LocalToolName,
  type PlatformClient,
  type ToolInputs,
  type ToolName,
} from "@molecule/platform-client";

export async function usage(): Promise<void> {
  const client: PlatformClient = createClient({
    baseUrl: "https://platform.example.com",
    workspaces: [{ id: "a", token: "t" }],
  });
  createClientFromEnv({ PLATFORM_URL: "https://platform.example.com" });
  createClient({
    baseUrl: new URL("https://platform.example.com"),
    workspace: { id: "a", token: "t" },
    timeoutMs: 5000,
    headers: { "X-Agent": "me" },
  });

  await client.commitMemory({ content: "fact", scope: "TEAM" });
  await client.listPeers();
  await client.recallMemory();
  await client.$call(
    "chat_history",
    { peer_id: "p", limit: 3 },
    { timeoutMs: 100 },
  );

  // @ts-expect-error content is required
  await client.commitMemory({ scope: "TEAM" });
  // @ts-expect-error scope is an enum
  await client.commitMemory({ content: "x", scope: "EVERYONE" });
  // @ts-expect-error limit is a number
  await client.chatHistory({ peer_id: "p", limit: "3" });
  // @ts-expect-error a local tool has no client method
  await client.delegateTask({ workspace_id: "w", task: "t" });
  // @ts-expect-error a local tool cannot be $call-ed
  await client.$call("inbox_pop", { activity_id: "1" });
  // @ts-expect-error the input must match the named tool
  await client.$call("commit_memory", { peer_id: "p" });
  // @ts-expect-error an old name is gone
  await client.$call("search_memory", {});
  // @ts-expect-error workspaces need a token
  createClient({ baseUrl: "https://x", workspaces: [{ id: "a" }] });
  // @ts-expect-error one form or the other, not both
  createClient({
    baseUrl: "https://x",
    workspace: { id: "a", token: "t" },
    workspaces: [{ id: "a", token: "t" }],
  });

  const ids: readonly string[] = client.$workspaces;
  const primary: string = client.$primary;
  void [ids, primary];

  const problems: string[] = validateInput("commit_memory", {});
  // @ts-expect-error unknown tool names are caught
  validateInput("commit_memorie", {});
  void problems;

  const first: ToolName = tools[0]!.name;
  void first;

  try {
    await client.getWorkspaceInfo();
  } catch (e) {
    if (e instanceof PlatformError) {
      const status: number = e.status;
      void status;
    } else if (e instanceof ClientError) {
      const tool: string | undefined = e.tool;
      void tool;
    }
  }
}

const local: LocalToolName[] = [
  "delegate_task",
  "get_runtime_identity",
  "send_message_to_user",
  "wait_for_message",
  "inbox_peek",
  "inbox_pop",
];
const http: HttpToolName[] = ["commit_memory", "recall_memory"];
// @ts-expect-error a local tool is not an HTTP tool
const wrong: HttpToolName = "inbox_pop";
void [local, http, wrong];

const input: ToolInputs["commit_memory"] = {
  content: "x",
} satisfies CommitMemoryInput;
void input;

export const handlers: LocalHandlers = {
  delegate_task: async (i, ctx: HandlerContext) =>
    ctx.client.delegateTaskAsync({
      workspace_id: i.workspace_id,
      task: i.task,
    }),
  get_runtime_identity: async () => ({ model: "m" }),
  send_message_to_user: async (i) => i.attachments?.length ?? 0,
  wait_for_message: async (i) => i.timeout_secs,
  inbox_peek: async (i) => i.limit,
  // @ts-expect-error the handler's input is typed: inbox_pop has no limit
  inbox_pop: async (i) => i.limit,
};

// @ts-expect-error a missing handler is a type error
export const incomplete: LocalHandlers = {
  delegate_task: async () => null,
};
