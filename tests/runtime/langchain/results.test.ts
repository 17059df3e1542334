import { describe, expect, it } from "vitest";
import { resultText } from "../../../runtime/langchain/results.js";
import { errorText } from "../../../runtime/shared/tool-errors.js";

describe("resultText", () => {
  it.each([
    ["text as it came", "Sent to the user.", "Sent to the user."],
    [
      "an object as compact JSON",
      { id: "m-1", tags: ["a"] },
      '{"id":"m-1","tags":["a"]}',
    ],
    ["an array as JSON", [1, 2], "[1,2]"],
    ["null as JSON", null, "null"],
    ["a number as JSON", 0, "0"],
    [
      "no content as a sentence",
      undefined,
      "Done: the call returned no content.",
    ],
  ])("gives %s", (_, value, expected) => {
    expect(resultText(value)).toBe(expected);
  });
});

describe("errorText", () => {
  class StatusError extends Error {
    constructor(
      message: string,
      readonly status: number,
    ) {
      super(message);
    }
  }

  it.each([
    [
      "gives the status of a refusal",
      new StatusError("no such peer", 404),
      "Error from x (HTTP 404): no such peer",
    ],
    [
      "takes a plain error's message",
      new Error("timed out after 30000 ms"),
      "Error from x: timed out after 30000 ms",
    ],
    [
      "drops the tool name the message starts with",
      new Error("x: cannot reach the platform"),
      "Error from x: cannot reach the platform",
    ],
    [
      "keeps a name that is only a prefix of another",
      new Error("xy: odd"),
      "Error from x: xy: odd",
    ],
    ["reads a thrown string", "boom", "Error from x: boom"],
  ])("%s", (_, error, expected) => {
    expect(errorText("x", error)).toBe(expected);
  });
});
