import * as ai from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { aiSdkSuite, type AiSdk } from "./suite.js";

// The generated AI SDK package with ai 6, the version Node 20 runs (ai 7 in generate-text-ai7.test.ts).
aiSdkSuite({
  load: async () =>
    ({
      generateText: ai.generateText,
      stepCountIs: ai.stepCountIs,
      Mock: MockLanguageModelV3,
    }) as unknown as AiSdk,
});
