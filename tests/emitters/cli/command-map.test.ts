import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSpec, SpecError, specInput } from "../../../generator/index.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { fixtures, repoRoot } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";

function spec(file: string) {
  return specInput(file, fs.readFileSync(file, "utf8"), path.dirname(file));
}

/** commands.json as generated from a spec, parsed. */
function commandsJson(file: string): {
  commandMap: Record<string, string | null>;
  commands: { tool: string; usage: string; keyword: string }[];
} {
  const out = generateFromDisk(spec(file)).files.find(
    (f) => f.path === "cli/commands.json",
  );
  return JSON.parse(out!.content);
}

const reference = path.join(repoRoot, "tools.yaml");
const typed = path.join(import.meta.dirname, "fixtures/typed.yaml");

describe("the command map", () => {
  it("maps the platform fixture's tools to the keywords the issue names, and the rest to null", async () => {
    const fixture = installPlatformFixture();
    const { commandMap } = await fixture
      .load<{ commandMap: Record<string, string | null> }>(
        "@molecule/platform-cli",
      )
      .finally(() => fixture.remove());
    expect(commandMap).toEqual({
      delegate_task: "delegate",
      delegate_task_async: "delegate --async",
      check_task_status: "status",
      list_peers: "peers",
      get_workspace_info: "info",
      get_runtime_identity: null,
      update_agent_card: null,
      broadcast_message: null,
      send_message_to_user: null,
      wait_for_message: null,
      inbox_peek: null,
      inbox_pop: null,
      chat_history: null,
    });
    expect(Object.isFrozen(commandMap)).toBe(true);
  });

  it.each([reference, typed])(
    "covers exactly the tools of CLI-exposed sections (%s)",
    (file) => {
      const { model } = loadSpec(spec(file));
      const exposedSections = model.sections
        .filter((s) => s.cli !== null)
        .map((s) => s.id);
      const expected = model.tools
        .filter((t) => exposedSections.includes(t.sectionId))
        .map((t) => t.name);
      const map = commandsJson(file).commandMap;
      expect(Object.keys(map)).toEqual(expected);
      expect(exposedSections.length).toBeLessThan(model.sections.length); // each spec has a section kept off the CLI
    },
  );

  it("keeps the typed fixture's hidden sections and cli: null tools out, in spec order", () => {
    expect(commandsJson(typed).commandMap).toEqual({
      find_notes: "notes find",
      find_notes_all: "notes find --all",
      put_note: "notes put",
      show_note: "show",
      tag_note: "notes tag",
      drop_note: null,
    });
  });

  it.each([reference, typed])(
    "gives no two tools the same usage or keyword (%s)",
    (file) => {
      const { commands } = commandsJson(file);
      expect(new Set(commands.map((c) => c.usage)).size).toBe(commands.length);
      expect(new Set(commands.map((c) => c.keyword)).size).toBe(
        commands.length,
      );
    },
  );

  it("refuses a spec where two tools share a usage", () => {
    const file = path.join(fixtures, "invalid/cli-usage-duplicate.yaml");
    expect(() => generateFromDisk(spec(file))).toThrow(SpecError);
    try {
      generateFromDisk(spec(file));
    } catch (e) {
      expect((e as SpecError).diagnostics.map((d) => d.message)).toContain(
        "tool 'get_note': CLI command 'add' is already the usage of tool 'add_note'",
      );
    }
  });
});
