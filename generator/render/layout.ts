import { PRINT_WIDTH, textWidth } from "./width.js";

/**
 * `import { a, b } from "pkg";` laid out as prettier lays it out: on one line when it fits or
 * names a single binding (prettier never breaks those), else one name a line.
 */
export function namedModuleLine(
  keyword: string,
  names: readonly string[],
  from: string,
): string {
  const flat = `${keyword} { ${names.join(", ")} } from ${from};`;
  if (names.length === 1 || textWidth(flat) <= PRINT_WIDTH) return `${flat}\n`;
  return `${keyword} {\n${names.map((n) => `  ${n},\n`).join("")}} from ${from};\n`;
}

/** `export type Name = "a" | "b";`, broken into `| "a"` lines, as prettier does, when it does not fit. */
export function unionAlias(name: string, members: readonly string[]): string {
  const head = `export type ${name} =`;
  if (members.length === 0) return `${head} never;\n`;
  const flat = `${head} ${members.join(" | ")};`;
  if (textWidth(flat) <= PRINT_WIDTH) return `${flat}\n`;
  // Prettier first tries the whole union alone on the next line, and breaks it only when that overflows too.
  const next = `  ${members.join(" | ")};`;
  if (members.length === 1 || textWidth(next) <= PRINT_WIDTH)
    return `${head}\n${next}\n`;
  return `${head}\n${members.map((m) => `  | ${m}`).join("\n")};\n`;
}
