import { describe } from "vitest";
import {
  hasNode24Packages,
  importNode24,
  node24Package,
  node24Skip,
} from "../../helpers/node24-packages.js";
import { aiSdkSuite, type AiSdk } from "./suite.js";

// ai 7 needs Node 22 or later: scripts/node24.sh installs it (as ai7) for CI's Node 24 pass, and
// this runs there; elsewhere it is skipped, saying why. The fixture's packages resolve `ai` to it.
describe.skipIf(!hasNode24Packages)(`ai 7${node24Skip("ai 7")}`, () => {
  aiSdkSuite({
    links: hasNode24Packages ? { ai: node24Package("ai7") } : {},
    load: async () => {
      const ai = (await importNode24("ai7")) as Record<string, unknown>;
      const { MockLanguageModelV4 } = (await importNode24("ai7/test")) as {
        MockLanguageModelV4: unknown;
      };
      return {
        generateText: ai.generateText,
        stepCountIs: ai.stepCountIs,
        Mock: MockLanguageModelV4,
      } as unknown as AiSdk;
    },
  });
});
