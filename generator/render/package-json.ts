import { HEADER } from "./header.js";

export interface PackageJsonOptions {
  readonly name: string;
  readonly description: string;
  readonly exports: Record<string, string | Record<string, string>>;
  readonly bin?: Record<string, string>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

/** A generated package's manifest, in the fixed JSON layout (JSON.stringify, 2 spaces). */
export function packageJson(o: PackageJsonOptions): string {
  const manifest = {
    "//": HEADER,
    name: o.name,
    version: "0.0.0",
    private: true,
    description: o.description,
    type: "module",
    exports: o.exports,
    ...(o.bin ? { bin: o.bin } : {}),
    ...(o.dependencies ? { dependencies: sorted(o.dependencies) } : {}),
    ...(o.peerDependencies
      ? { peerDependencies: sorted(o.peerDependencies) }
      : {}),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
