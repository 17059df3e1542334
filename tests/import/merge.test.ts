import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  renderImport,
  type ImportDoc,
  type ImportedTool,
} from "../../generator/import/import-doc.js";
import { mergeImport } from "../../generator/import/merge.js";

// mergeImport on the import model alone, whatever the source: here HTTP tools as an OpenAPI
// import writes them. The paths a source carries follow it, set or removed; a value filled by
// rule follows it until edited; the rest, and the layout around it, is the user's.

const imported = (
  name: string,
  over: Record<string, unknown> = {},
): ImportedTool => ({
  comment: `GET /${name}`,
  tool: {
    name,
    section: "api",
    short: `Get ${name}.`,
    when_to_use: `Get ${name}.`,
    input: { type: "object" },
    http: { method: "GET", path: `/${name}` },
    ...over,
  },
  filled: ["section", "short", "when_to_use"],
});

const doc = (...tools: ImportedTool[]): ImportDoc => ({
  header: ["Imported from api.yaml.", "Edit freely."],
  version: "1.0.0",
  targets: { client: { package: "api-client" } },
  sections: [{ id: "api", heading: "API", label: "API" }],
  tools,
  carries: ["title", "output", "mcp.description"],
  notes: [],
});

describe("mergeImport", () => {
  it("gives back the spec's own bytes when the source is unchanged", () => {
    const d = doc(imported("users"), imported("teams"));
    const text = renderImport(d);
    const merged = mergeImport(text, d);
    expect(merged.changed).toBe(false);
    expect(merged.text).toBe(text);
  });

  it("rewrites the header's line of where the spec came from, and only it", () => {
    const edited = `# Ours.\n${renderImport(doc(imported("users")))}`;
    const later = {
      ...doc(imported("users")),
      header: ["Imported from api-v2.yaml."],
    };
    const merged = mergeImport(edited, later);
    expect(merged.text).toBe(
      edited.replace(
        "# Imported from api.yaml.",
        "# Imported from api-v2.yaml.",
      ),
    );
  });

  it("removes what the source no longer carries, keeping the user's keys beside it", () => {
    const before = doc(
      imported("users", {
        title: "Users",
        mcp: { description: "All users.\nPaged." },
      }),
    );
    const edited = renderImport(before).replace(
      "    mcp:\n",
      "    mcp:\n      hide: false\n",
    );
    const merged = mergeImport(edited, doc(imported("users")));
    const tool = parse(merged.text).tools[0];
    expect(tool.title).toBeUndefined();
    expect(tool.mcp).toEqual({ hide: false });
    // Without the user's key, the emptied block goes too.
    const plain = mergeImport(renderImport(before), doc(imported("users")));
    expect(parse(plain.text).tools[0].mcp).toBeUndefined();
  });

  it("keeps the layout and comments of what it does not change", () => {
    const before = doc(imported("users"), imported("teams"));
    const teams = [
      "  # the teams, by hand below",
      "  # GET /teams · import",
      "  - name: teams",
      "    section: api",
      "    short: 'Get teams.'",
      '    when_to_use: "Get teams."',
      "    input: { type: object }",
      "",
      "    http: { method: GET, path: /teams }",
    ].join("\n");
    const text = renderImport(before);
    const edited = `${text.slice(0, text.lastIndexOf("  # GET /teams"))}${teams}\n`;
    const after = doc(
      imported("users", { input: { type: "object", required: [] } }),
      imported("teams"),
    );
    const merged = mergeImport(edited, after);
    expect(merged.changed).toBe(true);
    // The teams tool kept its quoting, flow maps and blank line; only the import's line
    // gained the digests of its filled values.
    expect(merged.text).toContain(teams.split("\n").slice(2).join("\n"));
    expect(merged.text).toContain(
      "  # the teams, by hand below\n  # GET /teams · import section=",
    );
    expect(parse(merged.text).tools[0].input).toEqual({
      type: "object",
      required: [],
    });
  });

  it("an edited filled value is kept, an unedited one follows the source", () => {
    const before = doc(imported("users"));
    const edited = renderImport(before).replace(
      "    when_to_use: Get users.\n",
      "    when_to_use: Only for admins.\n",
    );
    const merged = mergeImport(
      edited,
      doc(
        imported("users", { short: "List users.", when_to_use: "List users." }),
      ),
    );
    const tool = parse(merged.text).tools[0];
    expect(tool.short).toBe("List users.");
    expect(tool.when_to_use).toBe("Only for admins.");
    expect(merged.notes).toEqual([
      `tool "users": your when_to_use is kept; the source's would now give another`,
    ]);
    // Its next import, from the same source, changes nothing and says nothing.
    const again = mergeImport(
      merged.text,
      doc(
        imported("users", { short: "List users.", when_to_use: "List users." }),
      ),
    );
    expect(again.changed).toBe(false);
    expect(again.notes).toEqual([]);
  });
});
