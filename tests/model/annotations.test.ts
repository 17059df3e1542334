import { describe, expect, it } from "vitest";
import { resolveAnnotations } from "../../generator/model/annotations.js";
import type { HttpMethod } from "../../generator/model/types.js";

// The rule of docs/spec.md ("Titles, hints and results"), case by case: a declared hint as declared; of the rest only what the
// method says for certain, only as true; nothing for a read-only tool but read-only.
describe("a tool's hints", () => {
  it.each<[HttpMethod | null, object]>([
    ["GET", { readOnly: true }],
    ["POST", {}],
    ["PATCH", {}],
    ["PUT", { idempotent: true }],
    ["DELETE", { destructive: true, idempotent: true }],
    [null, {}],
  ])("derives from %s, when none is declared: %o", (method, hints) => {
    expect(resolveAnnotations(undefined, method)).toEqual(hints);
    expect(resolveAnnotations({}, method)).toEqual(hints);
  });

  it("keeps every declared hint as declared, false included", () => {
    const all = {
      read_only: false,
      destructive: false,
      idempotent: false,
      open_world: false,
    };
    for (const method of ["GET", "PUT", "DELETE", null] as const)
      expect(resolveAnnotations(all, method)).toEqual({
        readOnly: false,
        destructive: false,
        idempotent: false,
        openWorld: false,
      });
  });

  it("derives nothing but read-only for a tool declared read-only", () => {
    expect(resolveAnnotations({ read_only: true }, "DELETE")).toEqual({
      readOnly: true,
    });
    expect(resolveAnnotations({ read_only: true }, "POST")).toEqual({
      readOnly: true,
    });
  });

  it("derives the rest around a declared hint", () => {
    expect(resolveAnnotations({ idempotent: false }, "DELETE")).toEqual({
      destructive: true,
      idempotent: false,
    });
    expect(resolveAnnotations({ open_world: false }, "GET")).toEqual({
      readOnly: true,
      openWorld: false,
    });
    // A GET declared as writing is read as writing: nothing else is derived from GET.
    expect(resolveAnnotations({ read_only: false }, "GET")).toEqual({
      readOnly: false,
    });
  });

  it("keeps the declared ones in the spec's order, the derived ones after them", () => {
    const declared = { open_world: false, title: "Drop", idempotent: false };
    const resolved = resolveAnnotations(declared, "DELETE");
    expect(Object.keys(resolved)).toEqual([
      "openWorld",
      "title",
      "idempotent",
      "destructive",
    ]);
    expect(resolved).toEqual({
      openWorld: false,
      title: "Drop",
      idempotent: false,
      destructive: true,
    });
  });
});
