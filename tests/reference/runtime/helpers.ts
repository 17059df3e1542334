import fs from "node:fs";
import path from "node:path";
import { createClient, type PlatformClient } from "@molecule/platform-client";
import {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
} from "@molecule/platform-runtime";
import { afterEach } from "vitest";
import {
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";
import { tempDir } from "../../helpers/temp.js";
import { LocalContext } from "../../../runtime/shared/context.js";

export interface Logged {
  readonly level: string;
  readonly message: string;
}

const running: Runtime[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
  for (const f of folders.splice(0))
    fs.rmSync(f, { recursive: true, force: true });
});

export function tempFolder(): string {
  const dir = tempDir("runtime-test-");
  folders.push(dir);
  return dir;
}

export function clientFor(
  platform: WorkspacePlatform,
  workspaces: readonly { id: string; token: string }[] = [WS_A, WS_B],
): PlatformClient {
  return createClient({
    baseUrl: platform.url,
    workspaces: workspaces.map((w) => ({ ...w })),
  });
}

/** A runtime with fast loops, logging into `logs`; stopped after the test. */
export function runtimeFor(
  platform: WorkspacePlatform,
  options: Partial<RuntimeOptions> & {
    workspaces?: readonly { id: string; token: string }[];
  } = {},
): { runtime: Runtime; logs: Logged[]; client: PlatformClient } {
  const logs: Logged[] = [];
  const client = clientFor(platform, options.workspaces);
  const runtime = createRuntime({
    client,
    env: {},
    stateDir: options.stateDir ?? tempFolder(),
    pollIntervalMs: 15,
    heartbeatMs: 20,
    log: (level, message) => logs.push({ level, message }),
    ...options,
  });
  running.push(runtime);
  return { runtime, logs, client };
}

/** A handler context as the targets other than MCP pass it: progress and log do nothing. */
export function ctx(
  client: PlatformClient,
  signal: AbortSignal = new AbortController().signal,
) {
  const local = new LocalContext(client, signal, "a test");
  return {
    client,
    signal,
    progress: local.progress.bind(local),
    log: local.log.bind(local),
    elicit: local.elicit.bind(local),
    sample: local.sample.bind(local),
  };
}
