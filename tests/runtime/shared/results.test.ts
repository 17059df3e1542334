import { describe, expect, it } from "vitest";
import { resultText } from "../../../runtime/shared/result-text.js";
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
    ["a number as JSON", 0, "0"],
    ["false as JSON", false, "false"],
    [
      "no content as a sentence",
      undefined,
      "Done: the call returned no content.",
    ],
    // The client's answer to a response without a body.
    ["null as no content", null, "Done: the call returned no content."],
    [
      "a function by its kind, never its source",
      () => "secret",
      "The tool answered a function, which is no JSON value.",
    ],
    [
      "a symbol by its kind",
      Symbol("s"),
      "The tool answered a symbol, which is no JSON value.",
    ],
  ])("gives %s", (_, value, expected) => {
    expect(resultText(value)).toBe(expected);
  });

  it("indents JSON when asked (MCP's text)", () => {
    expect(resultText({ a: [1] }, 2)).toBe(JSON.stringify({ a: [1] }, null, 2));
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
