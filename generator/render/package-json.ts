import type { Publish } from "../model/types.js";
import { printJsonWithHeader } from "./json.js";

export interface PackageJsonOptions {
  readonly name: string;
  readonly description: string;
  /** The version, license, repository and private flag the spec sets for this package. */
  readonly publish: Publish;
  readonly exports: Record<string, string | Record<string, string>>;
  readonly bin?: Record<string, string>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  /** Peers the package works without (npm does not install them). */
  readonly peerDependenciesMeta?: Record<string, { optional: boolean }>;
}

/** A generated package's package.json, in the fixed JSON layout (render/json.ts), the header first. */
export function packageJson(o: PackageJsonOptions): string {
  const { version, license, repository } = o.publish;
  return printJsonWithHeader({
    name: o.name,
    version,
    ...(o.publish.private ? { private: true } : {}),
    description: o.description,
    ...(license !== null ? { license } : {}),
    ...(repository !== null ? { repository } : {}),
    type: "module",
    exports: o.exports,
    ...(o.bin ? { bin: o.bin } : {}),
    ...(o.dependencies ? { dependencies: sorted(o.dependencies) } : {}),
    ...(o.peerDependencies
      ? { peerDependencies: sorted(o.peerDependencies) }
      : {}),
    ...(o.peerDependenciesMeta
      ? { peerDependenciesMeta: sorted(o.peerDependenciesMeta) }
      : {}),
  });
}

/**
 * The version by which a generated package depends on the client package: exactly its own, since
 * the client's `runtime/<kind>` subpaths are a contract between packages generated together.
 */
export function clientRange(client: Publish): string {
  return client.version;
}

/** The range by which a generated package depends on a sibling: its version and what npm deems compatible. */
export function siblingRange(sibling: Publish): string {
  return `^${sibling.version}`;
}

/** The runtime package a bin starts, as a peer dependency in the spec's range, when the target names one. */
export function runtimePeer(
  runtime: string | null,
  range: string,
): Record<string, string> {
  return runtime === null ? {} : { [runtime]: range };
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
