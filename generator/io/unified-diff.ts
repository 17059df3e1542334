import { createTwoFilesPatch } from "diff";

/** A unified diff from what is on disk to what the spec produces; line-ending changes are shown, not hidden. */
export function unifiedDiff(
  file: string,
  actual: string,
  expected: string,
): string {
  const show = (text: string) => text.replace(/\r/g, "␍");
  let patch = createTwoFilesPatch(
    `a/${file}`,
    `b/${file}`,
    show(actual),
    show(expected),
    "on disk",
    "from the spec",
    { context: 3 },
  );
  patch = patch.replace(/^=+\n/, "");
  if (actual.replace(/\r\n/g, "\n") === expected)
    patch +=
      "(only line endings differ: generated files use LF; ␍ marks a carriage return)\n";
  return patch;
}
