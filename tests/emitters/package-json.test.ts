import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { specInput } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { fixtures, readFixture } from "../helpers/project.js";

// What each generated package.json says about publishing: version, license, repository and
// private from the spec's top level, a target's own settings in their place; the client as a
// dependency at exactly its version (the runtime subpaths are a contract); a runtime package as a peer dependency in runtime_version's range.

const TARGETS = ["client", "mcp", "langchain", "cli", "docs"] as const;
type Target = (typeof TARGETS)[number];

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  repository?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

type Spec = Record<string, unknown> & {
  targets: Record<Target, Record<string, unknown> & { package: string }>;
};

const minimalPath = path.join(fixtures, "valid/minimal/tools.yaml");
const minimal = () => parse(readFixture("valid/minimal/tools.yaml")) as Spec;

/** Each target's package.json, generated from the minimal spec as `edit` changes it. */
function manifests(edit: (spec: Spec) => void): Record<Target, Manifest> {
  const spec = minimal();
  edit(spec);
  const { files } = generateFromDisk(
    specInput(minimalPath, stringify(spec), path.dirname(minimalPath)),
  );
  return Object.fromEntries(
    TARGETS.map((t) => [
      t,
      JSON.parse(files.find((f) => f.path === `${t}/package.json`)!.content),
    ]),
  ) as Record<Target, Manifest>;
}

describe("a generated package.json", () => {
  it("without any setting: version 0.0.0, not private, no license or repository", () => {
    const all = manifests(() => {});
    for (const t of TARGETS) {
      expect(all[t].version, t).toBe("0.0.0");
      expect(all[t], t).not.toHaveProperty("private");
      expect(all[t], t).not.toHaveProperty("license");
      expect(all[t], t).not.toHaveProperty("repository");
    }
  });

  it("takes the top-level version, license and private flag, each target's own in their place", () => {
    const all = manifests((spec) => {
      Object.assign(spec, { version: "1.4.0", license: "MIT", private: true });
      Object.assign(spec.targets.mcp, {
        version: "2.0.0-beta.1",
        license: "Apache-2.0",
        private: false,
      });
    });
    for (const t of TARGETS) {
      const own = t === "mcp";
      expect(all[t].version, t).toBe(own ? "2.0.0-beta.1" : "1.4.0");
      expect(all[t].license, t).toBe(own ? "Apache-2.0" : "MIT");
      expect(all[t].private, t).toBe(own ? undefined : true);
    }
  });

  it("makes mcp, langchain and cli depend on the client package at exactly its version", () => {
    const all = manifests((spec) => {
      spec.version = "3.1.4";
      spec.targets.client.version = "3.2.0";
    });
    const client = minimal().targets.client.package;
    for (const t of ["mcp", "langchain", "cli"] as const)
      expect(all[t].dependencies?.[client], t).toBe("3.2.0");
    expect(all.mcp.version).toBe("3.1.4");
  });

  it("writes a shorthand repository as it is, for every package", () => {
    const all = manifests((spec) => {
      spec.repository = "github:acme/tools";
    });
    for (const t of TARGETS)
      expect(all[t].repository, t).toBe("github:acme/tools");
  });

  it("gives each package its own folder under the object form's directory (default generated)", () => {
    const url = "git+https://github.com/acme/tools.git";
    const plain = manifests((spec) => {
      spec.repository = { url, type: "git" };
    });
    const nested = manifests((spec) => {
      spec.repository = { type: "git", url, directory: "platform/out/" };
    });
    for (const t of TARGETS) {
      expect(plain[t].repository, t).toEqual({
        type: "git",
        url,
        directory: `generated/${t}`,
      });
      expect(nested[t].repository, t).toEqual({
        type: "git",
        url,
        directory: `platform/out/${t}`,
      });
    }
    // The keys come in npm's usual order whatever the spec's.
    expect(Object.keys(plain.client.repository as object)).toEqual([
      "type",
      "url",
      "directory",
    ]);
  });

  it("takes only the final slashes off a directory, however long their runs (in linear time)", () => {
    // `/\/+$/` took 2.5 s for a run of 40,000 slashes inside the text, for each package.
    const slashes = "/".repeat(200_000);
    const url = "git+https://github.com/acme/tools.git";
    const all = manifests((spec) => {
      spec.repository = { url, directory: `a${slashes}b${slashes}` };
    });
    for (const t of TARGETS)
      expect(all[t].repository, t).toEqual({
        url,
        directory: `a${slashes}b/${t}`,
      });
  }, 10_000);

  it("writes a target's own repository as it is", () => {
    const own = { url: "https://example.com/cli.git", directory: "cli" };
    const all = manifests((spec) => {
      spec.repository = "github:acme/tools";
      spec.targets.cli.repository = own;
    });
    expect(all.cli.repository).toEqual(own);
    expect(all.mcp.repository).toBe("github:acme/tools");
  });

  it("makes a runtime package a peer dependency, in runtime_version's range or any version", () => {
    const all = manifests((spec) => {
      Object.assign(spec.targets.mcp, {
        runtime: "@acme/runtime",
        runtime_version: "^1.2.0 || ^2.0.0",
      });
      spec.targets.cli.runtime = "@acme/runtime";
    });
    expect(all.mcp.peerDependencies?.["@acme/runtime"]).toBe(
      "^1.2.0 || ^2.0.0",
    );
    expect(all.cli.peerDependencies).toEqual({ "@acme/runtime": "*" });
    for (const t of ["mcp", "cli"] as const)
      expect(all[t].dependencies, t).not.toHaveProperty("@acme/runtime");
  });
});
