import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  closest,
  distance,
  nearLimit,
  nearest,
  nearestIn,
} from "../../../runtime/shared/distance.js";
import { seeded } from "../../properties/settings.js";

// The one rule of every "did you mean" (runtime/shared/distance.ts): compared without case and
// leading dashes, at most a third of the word's length in edits (rounded up) and fewer edits
// than it has characters; the nearest win, in the candidates' order.

const names = [
  "recall_memory",
  "commit_memory",
  "list_peers",
  "inbox_pop",
  "inbox_peek",
];

describe("closest", () => {
  it.each([
    ["recal_memory", "recall_memory"],
    ["Recall_Memory", "recall_memory"],
    ["commit_memroy", "commit_memory"],
    ["list_peer", "list_peers"],
    ["inbox_poop", "inbox_pop"],
    ["inbox_peak", "inbox_peek"],
    ["--list_peer", "list_peers"],
  ])("%s → %s", (name, expected) => {
    expect(closest(name, names)).toBe(expected);
  });

  it.each(["delete_everything", "memory", "", "x".repeat(65), "list"])(
    "%j → nothing close",
    (name) => {
      expect(closest(name, names)).toBeUndefined();
    },
  );

  it("measures a huge word against short names without measuring", () => {
    expect(closest("x".repeat(100_000), names)).toBeUndefined();
  });
});

describe("nearLimit", () => {
  it.each([
    [0, -1],
    [1, 0],
    [2, 1],
    [3, 1],
    [4, 2],
    [6, 2],
    [7, 3],
    [9, 3],
    [10, 4],
  ])("a word of %i characters: %i edits", (length, limit) => {
    expect(nearLimit(length)).toBe(limit);
  });
});

describe("nearest", () => {
  it("gives every candidate at the fewest edits, each once, in the candidates' order", () => {
    expect(nearest("xat", ["cat", "bat", "cat", "hat", "ax"])).toEqual([
      "cat",
      "bat",
      "hat",
    ]);
    expect(nearest("stat", ["status", "stats", "start"])).toEqual([
      "stats",
      "start",
    ]);
  });

  it("a one-character word only by its case", () => {
    expect(nearest("a", ["b", "A"])).toEqual(["A"]);
  });

  it("takes a caller's own limit, and the same answers from a list folded once", () => {
    expect(nearest("get_notes", ["get_note", "got_nothing"], 1)).toEqual([
      "get_note",
    ]);
    const find = nearestIn(names);
    for (const name of ["recal_memory", "inbox_peak", "list"])
      expect(find(name)).toEqual(nearest(name, names));
  });
});

describe("distance", () => {
  /** The whole table, as the rule defines it: the measure the rolling rows are held to. */
  function reference(a: string, b: string): number {
    const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
    for (let j = 0; j <= b.length; j++) d[0]![j] = j;
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let best = Math.min(
          d[i - 1]![j]! + 1,
          d[i]![j - 1]! + 1,
          d[i - 1]![j - 1]! + cost,
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          best = Math.min(best, d[i - 2]![j - 2]! + 1);
        d[i]![j] = best;
      }
    return d[a.length]![b.length]!;
  }

  it("is the whole table's measure, and past a bound stops with a number over it", () => {
    const word = fc.string({
      unit: fc.constantFrom("a", "b", "c", "_"),
      maxLength: 9,
    });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        const exact = reference(a, b);
        expect(distance(a, b)).toBe(exact);
        const bounded = distance(a, b, max);
        if (exact <= max) expect(bounded).toBe(exact);
        else expect(bounded).toBeGreaterThan(max);
      }),
      seeded(2000),
    );
  });
});
