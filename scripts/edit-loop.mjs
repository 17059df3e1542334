#!/usr/bin/env node
// The README's everyday loop, proven on a copy of this repository: add a tool, rename one (with
// renamed_from), remove one, then `npm run gen`, `npm run test:update` and `npm run typecheck`.
// Every step must pass: a hand-written test that breaks because tools.yaml changed is a test
// that should derive its expectations from the spec (or run on tests/fixtures/platform).
// The tools it renames and removes are picked from tools.yaml as it is (HTTP tools whose name
// appears nowhere else), so the check keeps working as the spec grows.
//
//   node scripts/edit-loop.mjs [--keep]     (npm run test:edit-loop)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "toolgen-edit-loop-"));

function run(command, args) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  execFileSync(command, args, { cwd: copy, stdio: "inherit" });
}

/** The three edits of the README's "Adding, renaming and removing a tool", on the spec's text. */
function edit(text) {
  const doc = YAML.parseDocument(text);
  const tools = doc.get("tools");
  const sections = doc.toJS().sections;
  const mentions = (name) =>
    text.match(new RegExp(`\\b${name}\\b`, "g"))?.length ?? 0;
  const plain = tools.items.filter(
    (t) => t.get("http") && mentions(t.get("name")) === 1,
  );
  if (plain.length < 2)
    throw new Error("tools.yaml needs two HTTP tools named only once");
  const [renamed, removed] = [plain[0], plain[plain.length - 1]];

  const oldName = renamed.get("name");
  renamed.set("name", `${oldName}_v2`);
  renamed.set(
    "renamed_from",
    doc.createNode([...(renamed.toJS(doc).renamed_from ?? []), oldName]),
  );
  tools.items.splice(tools.items.indexOf(removed), 1);

  const last = sections[sections.length - 1];
  tools.items.push(
    doc.createNode({
      name: "edit_loop_probe",
      section: last.id,
      short: "Read the workspace's probe.",
      when_to_use: "When the everyday loop is being checked.",
      input: { type: "object", properties: {} },
      http: { method: "GET", path: "/workspaces/{$workspace}/probe" },
      ...(last.cli ? { cli: null } : {}),
    }),
  );
  console.log(
    `added edit_loop_probe, renamed ${oldName} to ${oldName}_v2, removed ${removed.get("name")}`,
  );
  return doc.toString();
}

try {
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, copy]);
  // The installed packages, as `npm ci` would lay them out: workspace links are relative, so
  // they point into the copy's own generated/ and reference/.
  fs.cpSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), {
    recursive: true,
    verbatimSymlinks: true,
  });
  const spec = path.join(copy, "tools.yaml");
  fs.writeFileSync(spec, edit(fs.readFileSync(spec, "utf8")));
  run("npm", ["run", "gen"]);
  run("npm", ["run", "test:update"]);
  run("npm", ["run", "typecheck"]);
  run("npm", ["run", "gen", "--", "--check"]);
  console.log(
    "\nedit-loop: the add, rename and remove steps leave every check green.",
  );
} catch (e) {
  console.error(`\nedit-loop: failed: ${e.message}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`kept ${copy}`);
  else fs.rmSync(copy, { recursive: true, force: true });
}
