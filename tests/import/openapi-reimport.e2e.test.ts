import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { fixtures, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// toolgen import openapi run again on a changed document, into the spec it wrote: the imported
// tools follow the document, the user's edits stay, and the changes are reported
// (docs/import.md, "Importing again").

const shop = path.join(fixtures, "openapi", "shop.yaml");

type Tool = { name: string; short: string; when_to_use: string };

describe("importing a changed document again", () => {
  it("updates the imported tools in place, keeps the user's edits and reports the changes", async () => {
    const dir = tempDir("toolgen-openapi-again-");
    fs.copyFileSync(shop, path.join(dir, "shop.yaml"));
    const first = await toolgen(dir, "import", "openapi", "shop.yaml");
    expect(first.code, first.stderr).toBe(0);
    const specFile = path.join(dir, "tools.yaml");
    const docFile = path.join(dir, "shop.yaml");
    const text = fs.readFileSync(specFile, "utf8");
    // The user edits a value the import filled by rule (get_order has no description).
    fs.writeFileSync(
      specFile,
      text.replace(
        /(- name: get_order\n(?:.*\n)*? {4}when_to_use: )Read an order\n/,
        "$1Read one order by its id.\n",
      ),
    );
    // The document changes: a summary, and an operation gone.
    const doc = parse(fs.readFileSync(docFile, "utf8"));
    doc.paths["/orders"].get.summary = "List the shop's orders";
    delete doc.paths["/health"];
    fs.writeFileSync(docFile, stringify(doc));

    const again = await toolgen(dir, "import", "openapi", "shop.yaml");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /tools\.yaml updated from shop\.yaml: 0 tool\(s\) added, 1 removed, 1 changed/,
    );
    const spec = parse(fs.readFileSync(specFile, "utf8")) as { tools: Tool[] };
    const byName = new Map(spec.tools.map((t) => [t.name, t]));
    expect(byName.get("list_orders")!.short).toBe("List the shop's orders");
    expect(byName.get("get_order")!.when_to_use).toBe(
      "Read one order by its id.",
    );
    expect(byName.has("get_order_2")).toBe(false);
  }, 120_000);
});
