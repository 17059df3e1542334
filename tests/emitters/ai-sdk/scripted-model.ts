/**
 * A language model of the AI SDK's own test kit (MockLanguageModelV3 of ai 6, V4 of ai 7: one
 * shape of result) that answers from a script, one step a call, and records what each call got:
 * the tools offered and the prompt, in which the previous steps' tool results come back.
 */
export type Step =
  { readonly calls: readonly ScriptedCall[] } | { readonly text: string };

export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model sends them: JSON text. */
  readonly input: string;
}

/** What the SDK passed to the model on one call (the fields these tests read). */
export interface ModelCall {
  readonly tools?: readonly {
    readonly name: string;
    readonly description?: string;
    readonly inputSchema: unknown;
  }[];
  readonly prompt: readonly {
    readonly role: string;
    readonly content: unknown;
  }[];
}

export type MockModelClass = new (options: {
  doGenerate: (options: never) => Promise<unknown>;
}) => object;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

export function scriptedModel(
  Mock: MockModelClass,
  steps: readonly Step[],
): { model: object; calls: ModelCall[] } {
  const calls: ModelCall[] = [];
  const model = new Mock({
    doGenerate: async (options: never) => {
      calls.push(options as ModelCall);
      const step = steps[calls.length - 1];
      if (step === undefined) throw new Error("the script has no more steps");
      return "text" in step
        ? {
            content: [{ type: "text", text: step.text }],
            finishReason: { unified: "stop", raw: "stop" },
            usage,
            warnings: [],
          }
        : {
            content: step.calls.map((c) => ({
              type: "tool-call",
              toolCallId: c.id,
              toolName: c.name,
              input: c.input,
            })),
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
            warnings: [],
          };
    },
  });
  return { model, calls };
}

/** The tool results the prompt of a call carries back, as the SDK words them for the model. */
export function toolResults(call: ModelCall): {
  toolCallId: string;
  toolName: string;
  output: { type: string; value: unknown };
}[] {
  return call.prompt
    .filter((m) => m.role === "tool")
    .flatMap(
      (m) =>
        m.content as {
          type: string;
          toolCallId: string;
          toolName: string;
          output: { type: string; value: unknown };
        }[],
    )
    .filter((p) => p.type === "tool-result");
}
