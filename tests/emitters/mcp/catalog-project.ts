import fs from "node:fs";
import path from "node:path";
import { specInput } from "../../../generator/index.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { repoRoot } from "../../helpers/project.js";
import { installConsumer, type Consumer } from "../../hardening/consumer.js";

// The project catalog.e2e.test.ts serves: a spec with the docs target, prompts, resources and
// resource templates, and its runtime package.

export const SPEC = `targets:
  client:
    package: "@cat/client"
    env: { base_url: CAT_URL, workspace_id: CAT_WORKSPACE, token: CAT_TOKEN, workspaces: CAT_WORKSPACES }
  mcp: { package: "@cat/mcp", bin: cat-mcp, server_name: cat, runtime: "@cat/runtime" }
  docs: { package: "@cat/prompts", preamble: "You keep notes and files." }
sections:
  - { id: notes, heading: Notes, label: Notes }
  - { id: files, heading: Files, label: Files }
tools:
  - name: add_note
    section: notes
    short: Add a note.
    when_to_use: When something is worth keeping.
    input: { type: object, properties: { text: { type: string } }, required: [text] }
    local: true
  - name: list_files
    section: files
    short: List the files.
    when_to_use: When you need a file.
    input: { type: object, properties: {} }
    local: true
prompts:
  - name: review
    title: Review a note
    description: Ask for a review of one note.
    arguments:
      - { name: note, description: "The note's id", required: true }
      - { name: tone, enum: [kind, blunt, brief] }
    template: "Review note {{note}} in a {{tone}} tone."
  - name: plan
    arguments: [{ name: goal, required: true }]
    runtime: true
resources:
  - { uri: "notes://pinned", name: pinned, title: Pinned note, mime_type: text/plain, description: The note kept on top., text: Buy milk. }
  - { uri: "notes://today", name: today, mime_type: text/plain }
resource_templates:
  - { uri_template: "notes://day/{day}", name: day, mime_type: text/plain, description: "A day's notes.", parameters: [{ name: day, enum: [monday, tuesday, sunday] }] }
  - { uri_template: "files://{+path}", name: file }
`;

// The runtime answers the runtime's prompt, reads today's note, a day's notes and any file, and
// says when today's note changed (add_note writes it); it completes a note's id.
export const RUNTIME = `let updated = () => {};
let today = "nothing yet";
export function createRuntime() {
  return {
    handlers: {
      async add_note({ text }) { today = text; updated("notes://today"); updated("notes://other"); return "ok"; },
      async list_files() { return []; },
    },
    prompts: {
      async plan({ goal }) {
        return { messages: [
          { role: "user", content: { type: "text", text: "Plan: " + goal } },
          { role: "assistant", content: { type: "text", text: "Step 1." } },
        ] };
      },
    },
    resources: {
      async read({ uri, template, params }) {
        if (uri === "notes://today") return today;
        if (template === "notes://day/{day}") return "notes of " + params.day;
        if (template === "files://{+path}") return new Uint8Array([1, 2, 3]);
        throw new Error("no such resource");
      },
      watch(fn) { updated = fn; return () => { updated = () => {}; }; },
    },
    async complete({ ref, argument }) {
      if (ref.type === "ref/prompt" && argument.name === "note") return ["n-1", "n-2", "x-3"].filter((v) => v.startsWith(argument.value));
      return undefined;
    },
    async start() {},
    async stop() {},
  };
}
`;

/** The generated packages and the runtime package, installed in a consumer project. */
export function installCatalogProject(): Consumer {
  const specPath = path.join(repoRoot, "catalog.yaml");
  const { files } = generateFromDisk(specInput(specPath, SPEC, repoRoot));
  const consumer = installConsumer([files]);
  const runtime = path.join(consumer.dir, "node_modules/@cat/runtime");
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(
    path.join(runtime, "package.json"),
    JSON.stringify({ name: "@cat/runtime", type: "module", main: "index.js" }),
  );
  fs.writeFileSync(path.join(runtime, "index.js"), RUNTIME);
  return consumer;
}
