import { convert } from "./convert.js";
import { mainType } from "./main-type.js";
import { unknownCommand, unknownOption } from "./mistyped.js";
import type { CliCommandSpec, CliData, CliInput, Json } from "./types.js";

/** What a command line asks for, or why it cannot be run (a usage error, exit 2). */
export type Invocation =
  | { readonly kind: "help"; readonly command: CliCommandSpec | null }
  | {
      readonly kind: "run";
      readonly command: CliCommandSpec;
      readonly input: { [name: string]: Json };
      readonly json: boolean;
    }
  | {
      readonly kind: "usage";
      readonly message: string;
      readonly command: CliCommandSpec | null;
    };

const HELP_FLAGS = new Set(["--help", "-h"]);
const JSON_FLAG = "--json";

/**
 * Reads argv (without node and the script) against the commands of commands.json.
 * A command is chosen by its keyword: its plain words lead the command line and its
 * flag words (`--async`) may stand anywhere before `--`; the longest match wins.
 */
export function parseCommandLine(
  argv: readonly string[],
  data: CliData,
): Invocation {
  const cut = argv.indexOf("--") === -1 ? argv.length : argv.indexOf("--");
  const before = argv.slice(0, cut);
  const wantsHelp = before.some((t) => HELP_FLAGS.has(t));

  // The leading words, with their places, skipping the global flags that may precede them.
  const leading: { word: string; at: number }[] = [];
  let firstOption: string | undefined;
  for (let i = 0; i < cut; i++) {
    const t = argv[i]!;
    if (HELP_FLAGS.has(t) || t === JSON_FLAG) continue;
    if (t.startsWith("-")) {
      firstOption = t;
      break;
    }
    leading.push({ word: t, at: i });
  }
  if (leading.length === 0) {
    if (wantsHelp) return { kind: "help", command: null };
    const option = firstOption?.split("=")[0];
    // A command's own flag word (--async) without its command is a missing command; anything else is unknown here.
    const flagWord =
      option !== undefined &&
      data.commands.some((c) => c.keyword.split(" ").includes(option));
    return usage(
      option === undefined || flagWord
        ? "missing command"
        : `unknown option '${option}': a command comes first`,
      null,
    );
  }

  let matched = match(data.commands, leading, before, 0);
  if (matched.kind === "none" && leading[0]!.word === "help") {
    const asked = match(data.commands, leading, before, 1);
    if (asked.kind === "one") return { kind: "help", command: asked.command };
    if (leading.length === 1) return { kind: "help", command: null };
    if (asked.kind === "none")
      return usage(
        unknownCommand(data.commands, words(leading, 1), true),
        null,
      );
    matched = asked;
  }
  // `notes --help`, where notes only begins commands: the help that lists them.
  if (
    matched.kind === "none" &&
    wantsHelp &&
    data.commands.some((c) => c.keyword.split(" ")[0] === leading[0]!.word)
  )
    return { kind: "help", command: null };
  if (matched.kind === "none")
    return usage(unknownCommand(data.commands, words(leading, 0), false), null);
  if (matched.kind === "ambiguous")
    return usage(
      `${matched.flags.join(" and ")} cannot be used together`,
      null,
    );
  const { command, used } = matched;
  if (wantsHelp) return { kind: "help", command };

  const rest = argv
    .map((t, i) => ({ t, i }))
    .filter(({ i }) => !used.has(i) && i !== cut);
  return readArguments(data, command, rest, cut);
}

type Match =
  | {
      readonly kind: "one";
      readonly command: CliCommandSpec;
      readonly used: Set<number>;
    }
  | { readonly kind: "none" }
  | { readonly kind: "ambiguous"; readonly flags: string[] };

/** The command whose keyword fits best, `skip` leading words in (1 after `help`), and the argv places its words took. */
function match(
  commands: readonly CliCommandSpec[],
  leading: readonly { word: string; at: number }[],
  before: readonly string[],
  skip: number,
): Match {
  let best: {
    command: CliCommandSpec;
    used: Set<number>;
    size: number;
    flags: string[];
  }[] = [];
  for (const command of commands) {
    const words = command.keyword.split(" ");
    const plain = words.filter((w) => !w.startsWith("-"));
    const flags = words.filter((w) => w.startsWith("-"));
    if (plain.length === 0 || leading.length - skip < plain.length) continue;
    if (!plain.every((w, k) => leading[skip + k]!.word === w)) continue;
    const used = new Set(
      leading.slice(0, skip + plain.length).map((l) => l.at),
    );
    if (!flags.every((f) => before.includes(f))) continue;
    for (const f of flags) used.add(before.indexOf(f));
    const size = words.length;
    if (best.length === 0 || size > best[0]!.size)
      best = [{ command, used, size, flags }];
    else if (size === best[0]!.size) best.push({ command, used, size, flags });
  }
  if (best.length === 0) return { kind: "none" };
  if (best.length > 1)
    return {
      kind: "ambiguous",
      flags: [...new Set(best.flatMap((b) => b.flags))],
    };
  return { kind: "one", command: best[0]!.command, used: best[0]!.used };
}

/** Options and positionals after the keyword, converted and checked against each input's schema. */
function readArguments(
  data: CliData,
  command: CliCommandSpec,
  rest: readonly { t: string; i: number }[],
  cut: number,
): Invocation {
  const byOption = new Map(
    command.inputs.filter((i) => i.option !== null).map((i) => [i.option!, i]),
  );
  const positionalInputs = command.inputs.filter((i) => i.option === null);
  const given = new Map<CliInput, string[]>();
  const flags = new Map<CliInput, boolean>();
  const positionals: string[] = [];
  let json = false;

  for (let k = 0; k < rest.length; k++) {
    const { t, i } = rest[k]!;
    if (i > cut || !t.startsWith("-") || t === "-" || /^-\d/.test(t)) {
      positionals.push(t);
      continue;
    }
    if (t === JSON_FLAG) {
      json = true;
      continue;
    }
    if (t.startsWith(`${JSON_FLAG}=`))
      return usage(`option '${JSON_FLAG}' takes no value`, command);
    const eq = t.indexOf("=");
    const name = t.startsWith("--")
      ? t.slice(2, eq === -1 ? undefined : eq)
      : "";
    const inline = eq === -1 ? undefined : t.slice(eq + 1);
    const input = byOption.get(name);
    const negated = name.startsWith("no-")
      ? byOption.get(name.slice(3))
      : undefined;
    if (
      negated &&
      mainType(negated.schema) === "boolean" &&
      inline === undefined
    ) {
      flags.set(negated, false);
      continue;
    }
    if (!input)
      return usage(
        unknownOption(eq === -1 ? t : t.slice(0, eq), command, data),
        command,
      );
    if (mainType(input.schema) === "boolean" && inline === undefined) {
      flags.set(input, true);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = rest[k + 1];
      if (!next || next.i > cut || next.t.startsWith("--"))
        return usage(`option '--${name}' needs a value`, command);
      value = next.t;
      k++;
    }
    const list = given.get(input) ?? [];
    if (list.length > 0 && mainType(input.schema) !== "array")
      return usage(`option '--${name}' is given more than once`, command);
    given.set(input, [...list, value]);
  }

  // The last positional may take the rest of the words, joined by single spaces.
  const last = positionalInputs.at(-1);
  if (last?.variadic && positionals.length > positionalInputs.length)
    positionals.splice(
      positionalInputs.length - 1,
      Infinity,
      positionals.slice(positionalInputs.length - 1).join(" "),
    );
  if (positionals.length > positionalInputs.length)
    return usage(
      `unexpected argument '${positionals[positionalInputs.length]}'`,
      command,
    );
  if (positionals.length < positionalInputs.length) {
    const missing = positionalInputs
      .slice(positionals.length)
      .map((i) => placeholderOf(i));
    return usage(`missing ${missing.join(" ")}`, command);
  }

  const input: { [name: string]: Json } = {};
  for (const [k, spec] of positionalInputs.entries()) {
    const done = convert(positionals[k]!, spec.schema, placeholderOf(spec));
    if (!done.ok) return usage(done.message, command);
    input[spec.name] = done.value;
  }
  for (const spec of command.inputs) {
    if (spec.option === null) continue;
    const label = `--${spec.option}`;
    if (flags.has(spec)) {
      input[spec.name] = flags.get(spec)!;
      continue;
    }
    const values = given.get(spec);
    if (!values) {
      if (spec.required)
        return usage(`missing required option '${label}'`, command);
      continue;
    }
    const isArray = mainType(spec.schema) === "array";
    const converted: Json[] = [];
    for (const raw of values) {
      const done = convert(
        raw,
        isArray ? (spec.schema.items ?? {}) : spec.schema,
        label,
      );
      if (!done.ok) return usage(done.message, command);
      converted.push(done.value);
    }
    input[spec.name] = isArray ? converted : converted[0]!;
  }
  return { kind: "run", command, input, json };
}

/** How the usage writes a positional: `<task>`, or `<task...>` when it takes the rest of the words. */
export function placeholderOf(input: CliInput): string {
  return input.variadic ? `<${input.name}...>` : `<${input.name}>`;
}

/** The leading words from the `skip`th on (1 after `help`). */
function words(leading: readonly { word: string }[], skip: number): string[] {
  return leading.slice(skip).map((l) => l.word);
}

function usage(message: string, command: CliCommandSpec | null): Invocation {
  return { kind: "usage", message, command };
}
