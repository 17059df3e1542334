import fc from "fast-check";

/**
 * Random ECMAScript patterns from a small grammar of the constructs the engines read differently
 * (classes, escapes, assertions, lookarounds, groups, backreferences, quantifiers, greedy and
 * lazy): for the Python translation's agreement and for the backtracking check's property.
 */
const LITERALS = ["a", "b", "1", "٣", "é", "😀", "-", " ", "\\n", "_", "K"];
const ESCAPES = ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\u00a0"];
const CLASS_ITEMS = ["a", "z", "a-c", "0-9", "\\d", "\\w", "\\s", "\\S", "٣"];
const QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "{0}"];
export const patterns = fc.letrec<{
  disjunction: string;
  term: string;
  atom: string;
}>((tie) => ({
  disjunction: fc
    .array(fc.array(tie("term"), { maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    })
    .map((alts) => alts.map((terms) => terms.join("")).join("|")),
  term: fc.oneof(
    { weight: 6, arbitrary: tie("atom") },
    fc.constantFrom("^", "$", "\\b", "\\B", "\\1", "\\2", "\\k<n>"),
    fc
      .tuple(fc.constantFrom("(?=", "(?!", "(?<=", "(?<!"), tie("disjunction"))
      .map(([open, body]) => `${open}${body})`),
  ),
  atom: fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...LITERALS, ...ESCAPES) },
        fc.constantFrom(
          ".",
          "[^]",
          "\\u{1F600}",
          "\\x41",
          "\\cJ",
          "\\0",
          "[\\b]",
        ),
        fc
          .tuple(
            fc.boolean(),
            fc.array(fc.constantFrom(...CLASS_ITEMS, "😀", "-", "é-ü"), {
              maxLength: 3,
            }),
          )
          .map(
            ([negated, items]) => `[${negated ? "^" : ""}${items.join("")}]`,
          ),
        fc
          .tuple(fc.constantFrom("(", "(?:", "(?<n>"), tie("disjunction"))
          .map(([open, body]) => `${open}${body})`),
      ),
      fc.constantFrom(...QUANTIFIERS),
      fc.boolean(),
    )
    .map(([atom, q, lazy]) => atom + q + (q !== "" && lazy ? "?" : "")),
}));

/**
 * Random patterns made to backtrack: repeats inside repeats over characters that overlap
 * (a, [ab], ., \w…), alternatives that read alike, anchored or not at either end.
 */
const OVERLAPPING = ["a", "b", "[ab]", "[a-c]", ".", "\\w", "\\d", "1", "[^b]"];
const REPEATS = ["", "", "*", "+", "?", "{2}", "{0,3}", "{1,}", "*?", "+?"];
const loopy = fc.letrec<{ disjunction: string; term: string }>((tie) => ({
  disjunction: fc
    .array(fc.array(tie("term"), { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 2,
    })
    .map((alts) => alts.map((terms) => terms.join("")).join("|")),
  term: fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...OVERLAPPING) },
        tie("disjunction").map((body) => `(?:${body})`),
        tie("disjunction").map((body) => `(?=${body})`),
      ),
      fc.constantFrom(...REPEATS),
    )
    .map(([atom, q]) => (atom.startsWith("(?=") ? atom : atom + q)),
}));
export const backtrackingPatterns = fc
  .tuple(fc.boolean(), loopy.disjunction, fc.boolean())
  .map(([start, body, end]) =>
    start || end ? `${start ? "^" : ""}(?:${body})${end ? "$" : ""}` : body,
  );
