import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A golden that is missing fails, as in CI, instead of being written quietly: goldens are
    // written only by `npm run test:update` (-u), whose diff is then reviewed.
    update: "none",
  },
});
