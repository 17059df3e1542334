import { parseCommandLine } from "./argv.js";
import { formatJson, formatText } from "./format.js";
import { commandHelp, globalHelp, usageHint } from "./help.js";
import type {
  HandlerContext,
  LocalHandler,
  PlatformCaller,
} from "../shared/handler.js";
import type { Env } from "../shared/client-parts.js";
import { LocalContext } from "../shared/context.js";
import { printable } from "../shared/printable.js";
import { tokensInEnv } from "../client/env.js";
import { redact } from "../client/redact.js";
import type { CommandRuntime as RuntimeOf } from "./surface.js";
import type { CliCommandSpec, CliData } from "./types.js";

/** Exit codes, the contract scripts rely on. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** What a runtime package's createRuntime returns, as far as one command needs it. */
type CommandRuntime = RuntimeOf<{
  readonly [tool: string]: LocalHandler | undefined;
}>;

/** What the generated index.js passes in from the client package (runtime code never imports it by name). */
export interface CliDeps {
  createClientFromEnv(env: Env): PlatformCaller;
  validateInput(name: string, input: unknown): readonly string[];
  /** The input with its tool's schema defaults filled in, as every target passes it on. */
  withDefaults(name: string, input: object): object;
  /** Errors that mean the CLI was configured or called wrongly (ConfigError, InputError, UnknownWorkspaceError): exit 2, not 1. */
  readonly usageErrors: readonly (abstract new (...args: never[]) => Error)[];
}

export interface RunOptions {
  /** Handlers for the local tools offered as commands; without one such a command exits 1. */
  readonly handlers?: { readonly [tool: string]: LocalHandler | undefined };
  /**
   * Makes a runtime for a local tool's command that `handlers` does not answer (the bin's
   * `targets.cli.runtime`). It is made only for such a command, after the client, and never
   * started: one command registers nothing and polls nothing. Its stop() ends the command.
   */
  readonly runtime?: (
    client: PlatformCaller,
    env: Env,
  ) => CommandRuntime | Promise<CommandRuntime>;
  /** A ready client; by default one is made from `env` as createClientFromEnv makes it. */
  readonly client?: PlatformCaller;
  /** Defaults to process.env. */
  readonly env?: Env;
  readonly stdout?: (text: string) => void;
  readonly stderr?: (text: string) => void;
  readonly signal?: AbortSignal;
}

/** argv (without node and the script) in, exit code out; prints through `options` only. */
export async function runCli(
  argv: readonly string[],
  data: CliData,
  deps: CliDeps,
  options: RunOptions = {},
): Promise<number> {
  const out = options.stdout ?? ((t: string) => void process.stdout.write(t));
  const write = options.stderr ?? ((t: string) => void process.stderr.write(t));
  // A token typed as an argument by mistake is quoted back by usage errors: never print it.
  const tokens = tokensInEnv(options.env ?? process.env, data.env);
  const err = (text: string) => write(redact(text, tokens));
  const invocation = parseCommandLine(argv, data);
  if (invocation.kind === "help") {
    const answers = (tool: string) =>
      options.handlers?.[tool] !== undefined || options.runtime !== undefined;
    out(
      invocation.command
        ? commandHelp(data, invocation.command, answers)
        : globalHelp(data, answers),
    );
    return EXIT.ok;
  }
  if (invocation.kind === "usage") {
    err(
      `${who(data, invocation.command)}: ${printable(invocation.message)}\n${usageHint(data, invocation.command)}\n`,
    );
    return EXIT.usage;
  }

  const { command, input, json } = invocation;
  // Checked with the schema defaults filled in: an input the CLI hides can only take its default
  // (a required option left out is already a usage error of the command line).
  const problems = deps.validateInput(
    command.tool,
    deps.withDefaults(command.tool, input),
  );
  if (problems.length > 0) {
    const list =
      problems.length === 1
        ? ` ${printable(problems[0]!)}`
        : problems.map((p) => `\n  - ${printable(p)}`).join("");
    err(
      `${who(data, command)}: invalid arguments:${list}\n${usageHint(data, command)}\n`,
    );
    return EXIT.usage;
  }
  const own = command.local ? options.handlers?.[command.tool] : undefined;
  if (command.local && !own && !options.runtime) {
    err(
      `${who(data, command)}: '${command.tool}' is a local tool, handled by the agent runtime's own code, ` +
        `and this CLI was started without a handler for it.\n` +
        `A runtime that implements it passes its handler to this CLI's main() as handlers["${command.tool}"], ` +
        `or the spec's runtime setting names a runtime that has one.\n`,
    );
    return EXIT.failed;
  }

  const signal = options.signal ?? new AbortController().signal;
  const env = options.env ?? process.env;
  let runtime: CommandRuntime | undefined;
  try {
    const client = options.client ?? deps.createClientFromEnv(env);
    let handler = own;
    if (command.local && !handler && options.runtime) {
      runtime = await options.runtime(client, env);
      handler = runtime.handlers[command.tool];
      if (!handler)
        throw new Error(
          `the runtime has no handler for the local tool '${command.tool}'`,
        );
    }
    const complete = deps.withDefaults(command.tool, input);
    const answer = handler
      ? await handler(
          complete as never,
          new LocalContext(client, signal, "the CLI"),
        )
      : await client.$call(command.tool, complete, { signal });
    out(json ? formatJson(answer) : formatText(answer));
    return EXIT.ok;
  } catch (error) {
    const usage = deps.usageErrors.some((kind) => error instanceof kind);
    err(`${who(data, command)}: ${message(error)}\n`);
    return usage ? EXIT.usage : EXIT.failed;
  } finally {
    await stopQuietly(runtime, (text) =>
      err(`${who(data, command)}: ${text}\n`),
    );
  }
}

/** A runtime that fails to stop is reported; the command's own outcome stands. */
async function stopQuietly(
  runtime: CommandRuntime | undefined,
  report: (text: string) => void,
): Promise<void> {
  try {
    await runtime?.stop?.();
  } catch (error) {
    report(`the runtime did not stop cleanly: ${message(error)}`);
  }
}

function who(data: CliData, command: CliCommandSpec | null): string {
  return command ? `${data.bin} ${command.keyword}` : data.bin;
}

/** An error as printed: every text in it may come from outside, so each goes through `printable`. */
function message(error: unknown): string {
  if (!(error instanceof Error)) return printable(String(error));
  // A ConfigError lists each problem; one a line reads better than one long sentence.
  const problems = (error as { problems?: unknown }).problems;
  if (Array.isArray(problems) && problems.length > 1)
    return `${problems.length} problems:${problems.map((p) => `\n  - ${printable(String(p))}`).join("")}`;
  // A PlatformError's message is the platform's own words; its status tells what kind of refusal it was.
  const status = (error as { status?: unknown }).status;
  return typeof status === "number"
    ? `${printable(error.message)} (HTTP ${status})`
    : printable(error.message);
}
