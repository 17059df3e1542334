import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  writeImport,
  type ImportTarget,
} from "../../generator/commands/import-write.js";
import type {
  ImportDoc,
  ImportedTool,
} from "../../generator/import/import-doc.js";
import { tempDir } from "../helpers/temp.js";

// writeImport for a source of HTTP tools (as an OpenAPI import gives): no runtime/ to write, as
// no tool is local; a re-import follows the source's binding and reports it as toolgen diff does.

const tool = (path: string): ImportedTool => ({
  comment: "GET /notes/{id} (getNote)",
  tool: {
    name: "get_note",
    section: "notes",
    short: "Read a note.",
    when_to_use: "Read a note.",
    input: {
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    },
    http: { method: "GET", path },
  },
  filled: ["section", "when_to_use"],
});

const doc = (path: string): ImportDoc => ({
  header: ["Imported by toolgen import openapi from api.yaml."],
  version: "1.0.0",
  targets: {
    client: {
      package: "notes-client",
      env: {
        base_url: "NOTES_URL",
        workspace_id: "NOTES_WORKSPACE_ID",
        token: "NOTES_TOKEN",
        workspaces: "NOTES_WORKSPACES",
      },
    },
  },
  sections: [{ id: "notes", heading: "Notes", label: "Notes" }],
  tools: [tool(path)],
  notes: [],
});

function io(cwd: string) {
  const said = { out: "", err: "" };
  return {
    said,
    io: {
      cwd,
      out: (t: string) => void (said.out += t),
      err: (t: string) => void (said.err += t),
    },
  };
}

describe("writeImport, for HTTP tools", () => {
  it("writes the spec and no runtime/, then follows the source's binding", () => {
    const dir = tempDir("toolgen-import-write-");
    const target: ImportTarget = {
      out: path.join(dir, "tools.yaml"),
      force: false,
      mode: "write",
      source: "api.yaml",
      runtime: "notes-runtime",
    };
    const first = io(dir);
    expect(writeImport(doc("/notes/{id}"), target, first.io)).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(["tools.yaml"]);
    expect(first.said.out).toContain("Next: npm run gen.\n");

    const again = io(dir);
    expect(writeImport(doc("/v2/notes/{id}"), target, again.io)).toBe(0);
    const spec = parse(fs.readFileSync(target.out, "utf8"));
    expect(spec.tools[0].http).toEqual({
      method: "GET",
      path: "/v2/notes/{id}",
    });
    expect(again.said.out).toMatch(
      /^tools\.yaml:\d+:\d+: breaking: tool 'get_note': /m,
    );
    expect(again.said.out).not.toContain("runtime/");
    expect(fs.readdirSync(dir)).toEqual(["tools.yaml"]);
  });
});
