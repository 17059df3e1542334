import { describe } from "vitest";
import { aiSdkSuite, type AiSdk } from "./suite.js";

// ai 7 needs Node 22 or later: CI runs this under its Node 24 (scripts/node24.sh); Node 20 skips
// it. The fixture's packages resolve `ai` to ai 7, installed under the alias ai7.
const major = Number(process.versions.node.split(".")[0]);

describe.skipIf(major < 22)(
  `ai 7 (needs Node 22 or later${major < 22 ? `: skipped on Node ${process.versions.node}` : ""})`,
  () => {
    aiSdkSuite({
      links: { ai: "ai7" },
      load: async () => {
        const ai = await import("ai7");
        const { MockLanguageModelV4 } = await import("ai7/test");
        return {
          generateText: ai.generateText,
          stepCountIs: ai.stepCountIs,
          Mock: MockLanguageModelV4,
        } as unknown as AiSdk;
      },
    });
  },
);
