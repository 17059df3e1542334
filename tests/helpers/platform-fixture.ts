import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { specInput } from "../../generator/index.js";
import { generateFromDisk } from "./generate.js";
import {
  installConsumer,
  removeConsumer,
  type Consumer,
} from "../hardening/consumer.js";
import type * as errors from "../../runtime/client/errors.js";
import type {
  BoundClient,
  CallOptions,
  ClientConfig,
  Env,
  RuntimeClient,
} from "../../runtime/client/index.js";
import { repoRoot } from "./project.js";
import { platformFixturePath } from "./reference-spec.js";

/**
 * The packages generated from tests/fixtures/platform/tools.yaml (a frozen copy of the
 * reference spec), installed by their names in a consumer folder. Tests whose expectations
 * were written by hand for particular tools run against these, so that a user who adds,
 * renames or removes a tool in tools.yaml changes none of them.
 */
export interface PlatformFixture {
  readonly consumer: Consumer;
  /** Imports a package of the fixture by its name (e.g. "@molecule/platform-client"). */
  load<T = Record<string, unknown>>(name: string): Promise<T>;
  /** The bin a package declares, as a path to run with node. */
  bin(name: string): string;
  remove(): void;
}

export interface FixtureOptions {
  /** Changes the spec's text first (a setting a test needs beside the frozen tools). */
  readonly edit?: (spec: string) => string;
  /**
   * Packages the consumer resolves to another folder, by name: e.g. `{ ai: <ai 7's folder> }`
   * has the generated packages import `ai` 7 (tests/helpers/node24-packages.ts).
   */
  readonly links?: Readonly<Record<string, string>>;
}

/**
 * Installs the packages of the platform fixture, or of another spec (`spec`, a path) whose tests
 * need what the platform fixture does not declare (output schemas, titles, hints, per-target
 * views).
 */
export function installPlatformFixture(
  spec: string = platformFixturePath,
  options: FixtureOptions = {},
): PlatformFixture {
  const read = fs.readFileSync(spec, "utf8");
  const text = options.edit ? options.edit(read) : read;
  const { files } = generateFromDisk(specInput(spec, text, repoRoot));
  const consumer = installConsumer([files]);
  for (const [name, installed] of Object.entries(options.links ?? {})) {
    const link = path.join(consumer.dir, "node_modules", name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(installed, link, "dir");
  }
  const folder = (name: string) => {
    const dir = consumer.packages.get(name);
    if (dir === undefined)
      throw new Error(`the fixture has no package ${name}`);
    return dir;
  };
  const manifest = (name: string) =>
    JSON.parse(
      fs.readFileSync(path.join(folder(name), "package.json"), "utf8"),
    ) as { bin?: Record<string, string> };
  return {
    consumer,
    load: async <T>(name: string) =>
      (await import(
        pathToFileURL(path.join(folder(name), "index.js")).href
      )) as T,
    bin(name) {
      const [bin] = Object.values(manifest(name).bin ?? {});
      if (bin === undefined) throw new Error(`${name} declares no bin`);
      return path.join(folder(name), bin);
    },
    remove: () => removeConsumer(consumer),
  };
}

type Method = (
  input?: Record<string, unknown>,
  options?: CallOptions,
) => Promise<unknown>;

/** The fixture client's methods that tests call, typed by hand: the fixture never changes. */
export interface FixtureClient extends RuntimeClient {
  readonly getWorkspaceInfo: Method;
  readonly listPeers: Method;
  readonly commitMemory: Method;
  readonly broadcastMessage: Method;
  readonly chatHistory: Method;
}

/** The fixture's @molecule/platform-client, typed by the hand-written runtime it carries. */
export type FixtureClientPackage = typeof errors &
  Omit<BoundClient, "createClient" | "createClientFromEnv"> & {
    createClient(config: ClientConfig): FixtureClient;
    createClientFromEnv(env?: Env): FixtureClient;
  };
