import { afterEach, beforeEach } from "vitest";
import {
  startWorkspacePlatform,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// What the inbox-*.test.ts share. Importing this module gives each test of the file a fresh
// workspace platform, `platform`, closed after it.

export let platform: WorkspacePlatform;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(() => platform.close());

/** The inbox polls `ws` made. */
export const polls = (ws: string) =>
  platform.requests.filter((r) => r.path === `/workspaces/${ws}/activity`);
