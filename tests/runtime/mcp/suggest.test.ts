import { describe, expect, it } from "vitest";
import { closestName } from "../../../runtime/mcp/suggest.js";

const names = [
  "recall_memory",
  "commit_memory",
  "list_peers",
  "inbox_pop",
  "inbox_peek",
];

describe("closestName", () => {
  it.each([
    ["recal_memory", "recall_memory"],
    ["Recall_Memory", "recall_memory"],
    ["commit_memroy", "commit_memory"],
    ["list_peer", "list_peers"],
    ["inbox_poop", "inbox_pop"],
    ["inbox_peak", "inbox_peek"],
  ])("%s → %s", (name, expected) => {
    expect(closestName(name, names)).toBe(expected);
  });

  it.each(["delete_everything", "memory", "", "x".repeat(65), "list"])(
    "%j → nothing close",
    (name) => {
      expect(closestName(name, names)).toBeUndefined();
    },
  );
});
