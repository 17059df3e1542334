import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  holdsWhole,
  nameScan,
  namesIn,
} from "../../generator/validate/words.js";
import { seeded } from "../properties/settings.js";

describe("holdsWhole", () => {
  it.each([
    ["the prompt\nUse `ping` here.\nend", "Use `ping` here.", true],
    ["xUse ping", "Use ping", false], // its first word runs on: xUse
    ["ping-pong", "ping", false], // its last word runs on: ping-pong
    ["(ping)", "ping", true],
    ["a ping", "", false],
    ["abc", "abcd", false],
    [" ping", " ping", true],
  ])("%j holds %j whole: %s", (text, part, expected) => {
    expect(holdsWhole(text, part)).toBe(expected);
  });

  it("means every name the part holds, the text holds", () => {
    // Texts of name-like words and separators, the part a slice of the text or another text.
    const piece = fc.constantFrom(
      "ping",
      "get_note",
      "note",
      "-",
      "_",
      " ",
      "`",
      "\n",
      "x",
    );
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));
    const names = new Set(["ping", "get_note", "note", "x", "note_x"]);
    fc.assert(
      fc.property(text, text, fc.nat(), fc.nat(), (a, b, i, j) => {
        const part =
          a.length > 0 && i % 3 > 0
            ? a.slice(i % a.length, (i % a.length) + (j % 8))
            : b;
        if (!holdsWhole(a, part)) return;
        for (const name of namesIn(part, names))
          expect(namesIn(a, names).has(name)).toBe(true);
      }),
      seeded(400),
    );
  });
});

describe("nameScan", () => {
  it("finds what firstNamesIn finds, and scans one text once", () => {
    let asked = 0;
    const names = {
      has: (w: string) => {
        asked++;
        return w === "ping" || w === "old_ping";
      },
    };
    const scan = nameScan(names);
    const text = "use ping, never old_ping; ping again";
    expect([...scan(text)]).toEqual([
      ["ping", 4],
      ["old_ping", 16],
    ]);
    const first = asked;
    scan(text);
    expect(asked).toBe(first);
  });
});
