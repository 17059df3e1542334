import * as jsYaml from "js-yaml";
import { MAX_DEPTH } from "./depth.js";

// The fast reader: js-yaml, several times faster than the yaml library's positioned document
// (read/yaml.ts), but it neither places values nor words errors as a spec author needs, and on
// some texts it reads another value. So it reads only plain text where the two were never seen
// to differ, and declines everything else (any doubt, any error): the yaml library then reads
// it. tests/properties/fast-yaml-*.test.ts hold the two readers together, with every text on
// which they ever differed (fast-yaml-regressions.test.ts). At 1,000 tools it saves about 40 %
// of gen's time (docs/performance.md).

/** YAML 1.2 core integers, resolved exactly as the yaml library's core schema resolves them. */
const CORE_INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const coreInt = new jsYaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (s: string) => CORE_INT.test(s),
  construct: (s: string) =>
    s.startsWith("0o")
      ? parseInt(s.substring(2), 8)
      : s.startsWith("0x")
        ? parseInt(s.substring(2), 16)
        : parseInt(s, 10),
});
const CORE_FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
/** YAML 1.2 core floats: infinities and NaN, exponent forms, and decimals with a point. */
const CORE_FLOAT =
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;
/** YAML 1.2 core floats, as the yaml library's core schema reads them. */
const coreFloat = new jsYaml.Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (s: string) => CORE_FLOAT.test(s),
  construct: (s: string) =>
    CORE_FLOAT_SPECIAL.test(s)
      ? s.slice(-3).toLowerCase() === "nan"
        ? NaN
        : s[0] === "-"
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY
      : parseFloat(s),
});
/** js-yaml's own null and bool match the core schema's; its `types` export is missing from @types/js-yaml. */
const jsYamlTypes = (
  jsYaml as unknown as { types: Record<"null" | "bool", jsYaml.Type> }
).types;
const CORE_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [jsYamlTypes.null, jsYamlTypes.bool, coreInt, coreFloat],
});

/**
 * Text the fast reader declines, each where the two readers were seen to differ or might, with
 * what it is called in a message. Each errs towards declining: prose may trip one, which costs
 * time only (or, past LARGE_SPEC_BYTES, a refusal). `^` and `$` are at lines.
 */
const DECLINED: readonly (readonly [RegExp, string])[] = [
  [/^(?:%|---|\.\.\.)/m, "a directive or document marker"],
  // After a quote that opens a value ('#/$defs/a') a `#` is text: flowAcrossLines finds a `#`
  // right after a closing quote however that quote stands.
  [/[\]}]#|(?<=[^\s[{,])["']#/, "a '#' right after a closing quote or bracket"],
  // A block scalar with an indentation indicator, or keeping its trailing lines (|+: the two
  // readers keep different blank lines at the end of the text).
  [
    /(?:^|\s)[|>](?:[-+]?[0-9]|[0-9]?\+)/m,
    "a block scalar with an indentation indicator or '+'",
  ],
  [/(?:^|[\s[{,-])\?(?:[ \t\n]|$)/m, "a complex key ('? ')"],
  [/(?:^|[\s[{,:?-])!/m, "a tag ('!')"],
  [/[\t\ufeff]/, "a tab or a byte-order mark"],
  [/[\]}][ ]*:/, "a flow collection used as a key"],
  // js-yaml reads the next, less indented entry into its list ("- -\n- a").
  [/^[ ]*(?:-[ ]+)*-(?:[ ]+#.*)?[ ]*\r?$/m, "an empty list entry"],
];
/** All of DECLINED as one pattern, a group each: one scan of the text instead of one for each (about 45 % less). */
const ANY_DECLINED = new RegExp(
  DECLINED.map(([pattern]) => `(${pattern.source})`).join("|"),
  "m",
);
/** Also declined: a document whose first content is indented (the yaml library holds later lines to it). */
const INDENTED_FIRST_CONTENT = /^(?:[ \t]*(?:#.*)?\r?\n)*[ \t]+[^\s#]/;

/** js-yaml stops past this depth (an option @types/js-yaml does not name): deeper than MAX_DEPTH. */
const LIMITS = { maxDepth: MAX_DEPTH + 1 };

/** Keys js-yaml may have made from a number, boolean or null (the yaml library keeps their text). */
const CONVERTED_KEY = /^(?:-?[0-9]|NaN$|-?Infinity$|true$|false$|null$)/;
/** Longer keys may have been written too far from their indicator for the yaml library. */
const MAX_FAST_KEY = 64;

/** Why the fast reader declined a text: what, and the offset where it is written. */
export interface Declined {
  readonly at: number;
  readonly why: string;
  /** js-yaml could not read the text: `why` is its reason. */
  readonly error?: true;
}

/** What js-yaml tells a listener of each node it opens and closes (an option @types/js-yaml does not detail). */
export type Listener = (
  event: "open" | "close",
  state: { position: number; result: unknown },
) => void;

/**
 * The spec's value read by js-yaml, or undefined when the yaml library must read it: on text
 * it might read differently, on any js-yaml error, on anchors and aliases, and on a value nested
 * deeper than MAX_DEPTH (js-yaml composes each value one level below its parent's, and stops
 * past its maxDepth), so that a value it gives needs no measuring.
 */
export function readFast(source: string): { value: unknown } | undefined {
  const read = readFastOr(source);
  return "value" in read ? read : undefined;
}

/**
 * readFast's value, or why and where it declined; `listener` hears js-yaml's nodes
 * (fast-places.ts). `blocksAsText`: the text is checked with each scalar's text blanked (after
 * js-yaml has read it), so that prose there (`> [!NOTE]`, `![img](…)`, a tab) is no reason to
 * decline: a large spec declined is refused, not read slowly.
 */
export function readFastOr(
  source: string,
  listener?: Listener,
  blocksAsText = false,
  keyAt?: KeyAt,
): { value: unknown } | Declined {
  const checked = blocksAsText ? undefined : textDeclined(source, source);
  if (checked) return checked;
  /** Where each open node starts, and where each block scalar's content starts and ends. */
  const opens: number[] = [];
  const blocks: number[] = [];
  let anchored = -1;
  let value: unknown;
  try {
    value = jsYaml.load(source, {
      ...LIMITS,
      schema: CORE_SCHEMA,
      listener: (event, state) => {
        const s = state as unknown as {
          anchor: string | null;
          position: number;
          result: unknown;
        };
        if (event === "close" && s.anchor !== null && anchored < 0)
          anchored = Math.max(
            0,
            source.lastIndexOf(`&${s.anchor}`, s.position),
          );
        if (blocksAsText && event === "open") opens.push(s.position);
        else if (blocksAsText) {
          const opened = opens.pop()!;
          const start =
            typeof s.result === "string" ? scalarText(source, opened) : -1;
          // A quoted scalar's closing quote stays.
          const quoted = source[start - 1] === '"' || source[start - 1] === "'";
          if (start >= 0) blocks.push(start, s.position - (quoted ? 1 : 0));
        }
        listener?.(event, s);
      },
    });
  } catch (e) {
    const { mark, reason } = e as {
      mark?: { position?: number };
      reason?: string;
    };
    return { at: mark?.position ?? 0, why: reason ?? String(e), error: true };
  }
  if (blocksAsText) {
    const late = textDeclined(blanked(source, blocks), source);
    if (late) return late;
  }
  if (anchored >= 0) return { at: anchored, why: "an anchor or alias" };
  if (value === undefined || value === null) return { at: 0, why: "no value" };
  const key = refused(value, source, keyAt);
  return key === undefined
    ? { value }
    : { at: Math.max(0, key), why: "a key js-yaml may have read otherwise" };
}

/** Where a mapping's key is written, when known (fast-places.ts), else -1. */
export type KeyAt = (node: object, key: string) => number;

/** Why the text alone makes the fast reader decline, if it does: `checked` is `source`, or it with block scalars blanked. */
function textDeclined(checked: string, source: string): Declined | undefined {
  const declined = ANY_DECLINED.exec(checked);
  if (declined) {
    const i = declined.slice(1).findIndex((g) => g !== undefined);
    // Past the blank a pattern may start with (` !tag`): at what it found.
    const blank = declined[0].length - declined[0].trimStart().length;
    return { at: declined.index + blank, why: DECLINED[i]![1] };
  }
  const first = INDENTED_FIRST_CONTENT.exec(checked);
  if (first) return { at: first[0].length - 1, why: "indented first content" };
  const far = colonFarIntoLine(checked);
  if (far >= 0) return { at: far, why: "a key 1,000 characters into its line" };
  const blank = moreIndentedLeadingBlank(source);
  if (blank >= 0)
    return {
      at: blank,
      why: "a block scalar opening with a longer blank line",
    };
  const flow = flowAcrossLines(checked);
  if (flow >= 0)
    return {
      at: flow,
      why: "a flow collection or quoted string across lines, or a '#' after a closing quote",
    };
  return undefined;
}

/**
 * Where the text of a scalar that starts at `offset` (past blanks) may be blanked from: past a
 * block scalar's header line, or past a scalar's first character (a quote, or what a tag or a
 * comment would start with stays); -1: not a scalar's text.
 */
function scalarText(source: string, offset: number): number {
  let i = offset;
  while (source[i] === " " || source[i] === "\n" || source[i] === "\r") i++;
  if (source[i] === "#") return -1;
  if (source[i] !== "|" && source[i] !== ">") return i + 1;
  const end = source.indexOf("\n", i);
  return end < 0 ? -1 : end + 1;
}

/**
 * `source` with each scalar's text (pairs of offsets in `blocks`) blanked but for each line's
 * indentation and a first character in column 0. Made in one buffer, each character of `source`
 * one unit of it: a spec near the size cap has a million scalars, and a string for each part
 * held 70 MB at once (issue #34).
 */
function blanked(source: string, blocks: readonly number[]): string {
  if (blocks.length === 0) return source;
  const encoding = /[^\x00-\xff]/.test(source) ? "utf16le" : "latin1";
  const unit = encoding === "latin1" ? 1 : 2;
  const out = Buffer.from(source, encoding);
  let from = 0;
  for (let b = 0; b < blocks.length; b += 2) {
    const start = Math.max(blocks[b]!, from);
    const end = blocks[b + 1]!;
    if (end <= start) continue;
    // A line's leading blanks stay, from the block's start and after each line break.
    let lead = true;
    for (let i = start; i < end; i++) {
      const c = source.charCodeAt(i);
      if (c === 10) lead = true;
      else if (!(lead && (c === 32 || c === 9))) {
        lead = false;
        out[i * unit] = 32;
        if (unit === 2) out[i * unit + 1] = 0;
      }
    }
    from = end;
  }
  return out.toString(encoding);
}

/**
 * Where a key is written that js-yaml may have read otherwise (made from a number, boolean
 * or null, or written too far from its indicator). No object is reached twice: an alias needs an
 * anchor, and a text with one is declined.
 */
function refused(
  value: unknown,
  source: string,
  keyAt?: KeyAt,
): number | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else {
      for (const k of Object.keys(v)) {
        if (k.length > MAX_FAST_KEY || CONVERTED_KEY.test(k)) {
          const at = keyAt?.(v, k) ?? -1;
          // A quoted key is text to both readers; only its length may matter.
          const quoted = at >= 0 && /["']/.test(source[at]!);
          if (!quoted || k.length > MAX_FAST_KEY)
            return at >= 0 ? at : source.indexOf(k);
        }
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return undefined;
}

/** Where a line holds a colon 1,000 or more characters in (an implicit key may end past what the yaml library allows), or -1. */
function colonFarIntoLine(source: string): number {
  for (let start = 0; start < source.length;) {
    const end = source.indexOf("\n", start);
    const stop = end < 0 ? source.length : end;
    if (stop - start > 1000) {
      const colon = source.indexOf(":", start + 1000);
      if (colon >= 0 && colon < stop) return colon;
    }
    start = stop + 1;
  }
  return -1;
}

/**
 * Where a flow collection ([ or {) but the document's own (JSON) may stay open across a line break, or a quoted scalar goes
 * on in a line indented no deeper than the line it opened in (there the yaml library checks
 * indentation that js-yaml does not), or a `#` follows a closing quote; -1: nowhere. Errs towards
 * finding one.
 */
function flowAcrossLines(source: string): number {
  let flow = 0;
  let quote = "";
  /** While a block-context quoted scalar spans lines: the column its continuation lines must pass. */
  let column = -1;
  let lineStart = 0;
  /** Where the open flow collection or quoted scalar starts. */
  let opened = -1;
  /** The open flow collection is the document itself (a JSON spec): no indentation binds its lines. */
  let root = false;
  const first = /^(?:[ ]*(?:#.*)?\r?\n)*/.exec(source)![0].length;
  // From one character that matters to the next: most of a spec is text between them.
  const special = /[\n"'\\[\]{}]/g;
  // test() moves lastIndex past the one character it matched, and makes no match object.
  while (special.test(source)) {
    const i = special.lastIndex - 1;
    const c = source[i]!;
    if (c === "\n") {
      if (flow > 0 && !root) return opened;
      lineStart = i + 1;
      if (quote !== "") {
        const end = source.indexOf("\n", lineStart);
        const line = source.slice(lineStart, end < 0 ? source.length : end);
        const body = line.trimStart();
        if (body.trim() !== "" && line.length - body.length <= column)
          return lineStart;
      }
    } else if (quote !== "") {
      // An escape skips the character after it, a line break too; '' is a quote in a single-quoted scalar.
      if (c === "\\" && quote === '"') special.lastIndex = i + 2;
      else if (c === "'" && quote === "'" && source[i + 1] === "'")
        special.lastIndex = i + 2;
      else if (c === quote) {
        // A `#` right after a closing quote: the yaml library refuses it, js-yaml may not.
        if (source[i + 1] === "#") return i + 1;
        quote = "";
      }
    } else if (flow > 0) {
      if (c === '"' || c === "'") quote = c;
      else if (c === "[" || c === "{") flow++;
      else if (c === "]" || c === "}") flow--;
    } else if (
      (c === "[" || c === "{" || c === '"' || c === "'") &&
      /(?:^|[:?-])$/.test(source.slice(lineStart, i).trimEnd())
    ) {
      opened = i;
      root = i === first;
      if (c === "[" || c === "{") flow = 1;
      else {
        quote = c;
        const line = source.slice(lineStart, i);
        column = /^[ ]*(?:-[ ]+)*/.exec(line)![0].length;
      }
    }
  }
  return flow > 0 || quote !== "" ? opened : -1;
}

/**
 * Where a block scalar starts with a blank line longer than its first line's indentation (the
 * yaml library asks for an indentation indicator there, js-yaml reads on), or -1.
 */
function moreIndentedLeadingBlank(source: string): number {
  const header = /(?:^|\s)[|>][-+]?[ ]*(?:#.*)?\r?$/gm;
  for (let m = header.exec(source); m; m = header.exec(source)) {
    let start = source.indexOf("\n", m.index + m[0].length);
    let blank = 0;
    while (start >= 0) {
      const end = source.indexOf("\n", start + 1);
      const line = source
        .slice(start + 1, end < 0 ? source.length : end)
        .replace(/\r$/, "");
      const indent = line.length - line.trimStart().length;
      if (line.trim() !== "") {
        if (blank > indent) return m.index;
        break;
      }
      blank = Math.max(blank, line.length);
      start = end;
    }
  }
  return -1;
}
