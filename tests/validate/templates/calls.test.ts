import { describe, expect, it } from "vitest";
import { checkCalls } from "../../../generator/validate/templates/calls.js";

// Which names in a template's tree Handlebars would call as helpers or partials: each row is
// a template and the unknown names checkCalls reports, by line:col.

const known = {
  helpers: ["if", "each", "upper"],
  partials: ["item", "a/b", "my item"],
  partialsFolder: "templates/partials",
};

function unknown(source: string): string[] {
  return checkCalls("t.hbs", source, known).map(
    (d) => `${d.line}:${d.col} ${d.message.split(":")[0]}`,
  );
}

describe("checkCalls", () => {
  it.each<[string, string, string[]]>([
    ["a known helper, block or inline", "{{#if x}}{{upper y}}{{/if}}", []],
    ["a name given arguments", "{{frob x}}", ["1:3 unknown helper 'frob'"]],
    ["a name given only a hash", "{{frob a=1}}", ["1:3 unknown helper 'frob'"]],
    [
      "a block given arguments",
      "{{#frob x}}{{/frob}}",
      ["1:4 unknown helper 'frob'"],
    ],
    [
      "a sub-expression, even bare",
      "{{upper (frob)}}",
      ["1:10 unknown helper 'frob'"],
    ],
    [
      "inside a hash value",
      "{{upper x a=(frob y)}}",
      ["1:14 unknown helper 'frob'"],
    ],
    ["a bare name is a field", "{{frob}}{{#frob}}{{/frob}}", []],
    ["a path, this. or @data is a field", "{{a.b}}{{this.c}}{{@d}}", []],
    [
      "a field given arguments, which Handlebars would call",
      "{{a.b x}}{{this.c x}}{{@d x}}{{#../e x}}{{/../e}}",
      [
        "1:3 unknown helper 'a.b'",
        "1:12 unknown helper 'this.c'",
        "1:24 unknown helper '@d'", // Handlebars places a data path after its @
        "1:33 unknown helper '../e'",
      ],
    ],
    [
      "a block parameter is no helper",
      "{{#each xs as |f|}}{{f y}}{{/each}}",
      [],
    ],
    [
      "known partials",
      '{{> item}}{{> a/b}}{{> "my item"}}{{#> item}}x{{/item}}',
      [],
    ],
    ["the partial block", "{{> @partial-block}}", []],
    ["an unknown partial", "x\n  {{> itme}}", ["2:7 unknown partial 'itme'"]],
    [
      "arguments of a partial",
      "{{> item (frob x)}}",
      ["1:11 unknown helper 'frob'"],
    ],
    [
      "a partial chosen while rendering",
      "{{> (upper x)}}",
      [
        "1:5 a partial is called by its name ({{> item}}), not chosen while rendering",
      ],
    ],
    ["an inline partial", '{{#*inline "row"}}x{{/inline}}{{> row}}', []],
    [
      "another decorator",
      "{{#*frob}}{{/frob}}",
      ["1:5 unknown decorator 'frob'"],
    ],
    [
      "every one, in the order written",
      "{{> z}}\n{{frob x}}{{> y}}",
      [
        "1:5 unknown partial 'z'",
        "2:3 unknown helper 'frob'",
        "2:15 unknown partial 'y'",
      ],
    ],
    ["a template that does not parse (compiling reports it)", "{{#if x}}", []],
  ])("%s: %j", (_, source, expected) => {
    expect(unknown(source)).toEqual(expected);
  });
});
