import { afterAll, beforeAll, beforeEach } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";

// What the bin-*.test.ts share: they run the generated `molecule` bin as a real subprocess
// against a real HTTP server. Expected requests are written by hand from tools.yaml's bindings,
// not read from generated code. Importing this module sets the test file up: it installs the
// fixture's packages and starts the platform server, reset before each test; `platform` and `env`
// are then the current ones.

export let platform: PlatformServer;
// The bin generated from the platform fixture (a frozen copy of tools.yaml): the commands the
// tests run are its commands, whatever a user does to tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
export const bin = fixture.bin("@molecule/platform-cli");
export let env: Record<string, string>;

beforeAll(async () => {
  platform = await startPlatform();
  const url = platform.url;
  env = {
    PLATFORM_URL: url,
    WORKSPACE_ID: "ws-self",
    MOLECULE_WORKSPACE_TOKEN: "tok-self-secret",
  };
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

export const molecule = (...args: string[]) => runBin(bin, args, env);
