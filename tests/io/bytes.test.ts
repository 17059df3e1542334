import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { holdsText, writeText } from "../../generator/io/bytes.js";
import { tempDir } from "../helpers/temp.js";

// Texts longer than one slice (1 MiB of UTF-16 units), with a surrogate pair across each
// boundary a plain cut would make, and characters of every UTF-8 length.
const SLICE = 1 << 20;
const long = (n: number) =>
  `${"a".repeat(SLICE - 1)}😀${"é€".repeat(n)}${"b".repeat(SLICE - 2)}😀z`;

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("io/bytes: a file's bytes against a text, a slice at a time", () => {
  it("writes a text of several slices byte for byte as UTF-8", () => {
    dir = tempDir();
    const file = path.join(dir, "f");
    const text = long(10);
    writeText(file, text, 0o644);
    expect(fs.readFileSync(file)).toEqual(Buffer.from(text, "utf8"));
    writeText(file, "short", 0o644);
    expect(fs.readFileSync(file, "utf8")).toBe("short");
  });

  it("finds the same text, a changed one of the same size, another size, and no file", () => {
    dir = tempDir();
    const file = path.join(dir, "f");
    const text = long(3);
    fs.writeFileSync(file, text);
    expect(holdsText(file, text)).toBe(true);
    // One byte changed in the last slice: the sizes agree, the bytes do not.
    expect(holdsText(file, `${text.slice(0, -1)}y`)).toBe(false);
    expect(holdsText(file, `${text}\n`)).toBe(false);
    expect(holdsText(file, "")).toBe(false);
    expect(holdsText(path.join(dir, "none"), text)).toBeUndefined();
    expect(holdsText(dir, "")).toBeUndefined();
    fs.writeFileSync(file, "");
    expect(holdsText(file, "")).toBe(true);
  });

  it("compares bytes, not decoded text: a file of invalid UTF-8 holds no text", () => {
    dir = tempDir();
    const file = path.join(dir, "f");
    fs.writeFileSync(file, Buffer.from([0xff]));
    // Decoded leniently, the byte reads as U+FFFD (3 bytes in UTF-8): neither text matches it.
    expect(holdsText(file, "\ufffd")).toBe(false);
    expect(holdsText(file, "x")).toBe(false);
  });
});
