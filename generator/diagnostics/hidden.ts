/**
 * Characters that hide or reorder text: instructions a reviewer cannot see but a model reads.
 * Control characters other than tab and line ends (ESC rewrites a terminal that shows --help),
 * zero-width characters and joiners, bidi controls, invisible fillers, interlinear annotations,
 * Unicode tags, and variation selectors (a run of them smuggles bytes behind one visible
 * character); U+FE0E and U+FE0F stay allowed, since emoji need them.
 */
const HIDDEN_CLASS =
  "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufe00-\\ufe0d\\ufeff\\uffa0\\ufff9-\\ufffb]|[\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}]";

/** Matches the first hidden character of a text. */
export const HIDDEN = new RegExp(HIDDEN_CLASS, "u");

/** Every hidden character, control character and line separator: what a code frame shows as an escape. */
export const UNPRINTABLE = new RegExp(
  `${HIDDEN_CLASS}|[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]`,
  "gu",
);
