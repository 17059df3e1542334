import { mainType } from "./main-type.js";
import { didYouMean, suggestions } from "./suggest.js";
import type { CliCommandSpec, CliData } from "./types.js";

// What a mistyped command word or option likely meant, from the commands of commands.json.

/**
 * Why no command fits the leading `typed` words: the first word no command continues with,
 * and the command it likely meant ("did you mean", suggest.ts); without one, the commands a
 * first word starts (`notes` alone lists `notes find`, `notes put`), or that none is known.
 */
export function unknownCommand(
  commands: readonly CliCommandSpec[],
  typed: readonly string[],
  afterHelp: boolean,
): string {
  const plains = commands.map((c) => plainWords(c.keyword));
  const starts = (p: readonly string[], n: number) =>
    p.length > n && typed.slice(0, n + 1).every((w, k) => p[k] === w);
  let known = 0;
  while (known < typed.length && plains.some((p) => starts(p, known))) known++;
  if (known < typed.length) {
    const next = plains
      .filter((p) => known === 0 || starts(p, known - 1))
      .filter((p) => p.length > known)
      .map((p) => p[known]!);
    // `help <command>` is a leading word too, but not after itself.
    const near = suggestions(
      typed[known]!,
      known === 0 && !afterHelp ? [...next, "help"] : next,
    );
    const said = typed.slice(0, known);
    if (near.length > 0)
      return `unknown command '${[...said, typed[known]].join(" ")}': ${didYouMean(near.map((w) => [...said, w].join(" ")))}`;
  }
  const first = typed[0]!;
  const begun = commands
    .filter((c) => c.keyword.split(" ")[0] === first)
    .map((c) => c.keyword);
  return begun.length > 0
    ? `'${first}' needs more words: ${begun.join(", ")}`
    : `unknown command '${first}'`;
}

function plainWords(keyword: string): string[] {
  return keyword.split(" ").filter((w) => !w.startsWith("-"));
}

/** The flag words (`--async`) of the commands that share `command`'s plain words. */
function siblingFlags(data: CliData, command: CliCommandSpec): string[] {
  const plain = plainWords(command.keyword).join(" ");
  return data.commands
    .filter((c) => plainWords(c.keyword).join(" ") === plain)
    .flatMap((c) => c.keyword.split(" ").filter((w) => w.startsWith("-")));
}

/** Every option word `command` reads, in its help's order, then its siblings' flag words. */
function optionWords(
  command: CliCommandSpec,
  siblings: readonly string[],
): string[] {
  const own = command.inputs.flatMap((i) =>
    i.option === null
      ? []
      : mainType(i.schema) === "boolean"
        ? [`--${i.option}`, `--no-${i.option}`]
        : [`--${i.option}`],
  );
  return [...own, "--json", "--help", ...siblings];
}

/** `unknown option '--wrokspace'`, with the option of `command` it likely meant. */
export function unknownOption(
  option: string,
  command: CliCommandSpec,
  data: CliData,
): string {
  const near = suggestions(
    option,
    optionWords(command, siblingFlags(data, command)),
  );
  const said = `unknown option '${option}'`;
  return near.length > 0 ? `${said}: ${didYouMean(near)}` : said;
}
