import { describe, expect, it } from "vitest";
import {
  parseUriTemplate,
  uriMatcher,
} from "../../../runtime/mcp/uri-template.js";

// RFC 6570 levels 1 and 2, as resource templates declare them: what parses, what a uri matches.

const matcher = (template: string) => {
  const parsed = parseUriTemplate(template);
  if (!("parts" in parsed)) throw new Error(parsed.problem);
  return uriMatcher(parsed.parts);
};

describe("a uri template", () => {
  it.each([
    ["notes://day/{day}", "notes://day/mon", { day: "mon" }],
    ["notes://day/{day}", "notes://day/a%20b", { day: "a b" }],
    ["notes://day/{day}", "notes://day/a/b", null],
    ["notes://day/{day}", "notes://day/a?b", null],
    ["file://{+path}", "file://a/b/c.txt", { path: "a/b/c.txt" }],
    ["file://{+path}{#frag}", "file://a/b#top", { path: "a/b", frag: "top" }],
    ["file://{+path}{#frag}", "file://a/b", { path: "a/b", frag: "" }],
    ["x:{a}-{b}", "x:1-2", { a: "1", b: "2" }],
    ["x:{a}", "x:%E0%A4%A", null],
    ["x:plain.text", "x:plainXtext", null],
  ])("%s matches %s as %j", (template, uri, values) => {
    expect(matcher(template)(uri)).toEqual(values);
  });

  it.each([
    ["x:{a", "a { that is never closed", 2],
    ["x:{a,b}", "{a,b} is an expression of RFC 6570 level 3 or 4", 2],
    ["x:{/a}", "{/a} is an expression of RFC 6570 level 3 or 4", 2],
    ["x:{?a}", "level 3 or 4", 2],
    ["x:{a*}", "level 3 or 4", 2],
    ["x:{a:3}", "level 3 or 4", 2],
    ["x:{}", "{} does not name a variable", 2],
    ["x:{a-b}", "{a-b} does not name a variable", 2],
    ["x:{a}{a}", 'the variable "a" appears twice', 5],
    ["x:a}b", "a } without its {", 3],
    ["x:a b", '" " is not allowed', 3],
    ["x:a%zz", "a % not followed by two hex digits", 3],
  ])("%s is refused: %s", (template, problem, offset) => {
    const parsed = parseUriTemplate(template);
    expect(parsed).toMatchObject({ offset });
    expect("problem" in parsed && parsed.problem).toContain(problem);
  });
});
