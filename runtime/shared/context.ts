import type {
  ElicitResult,
  HandlerContext,
  LogLevel,
  PlatformCaller,
  SampleResult,
} from "./handler.js";

/** MCP's log levels, least severe first. */
export const LOG_LEVELS: readonly LogLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** The shortest time between two progress notifications of one call, in milliseconds. */
export const PROGRESS_INTERVAL_MS = 100;

/** What progress and log answer when they are done: nothing to wait for. */
export const settled: Promise<void> = Promise.resolve();

/** A TypeError for a level that is none of LOG_LEVELS, else undefined. */
export function badLevel(level: unknown): TypeError | undefined {
  return LOG_LEVELS.includes(level as LogLevel)
    ? undefined
    : new TypeError(
        `log: the level must be one of ${LOG_LEVELS.join(", ")}, not ${JSON.stringify(level)}`,
      );
}

/** A TypeError for progress values that are not finite numbers, else undefined. */
export function badProgress(
  done: unknown,
  total: unknown,
): TypeError | undefined {
  return Number.isFinite(done) &&
    (total === undefined || Number.isFinite(total))
    ? undefined
    : new TypeError("progress: done and total must be finite numbers");
}

/**
 * A handler's context outside MCP (LangChain, the AI SDK, dispatch, the CLI): progress and log
 * go nowhere, as there is no client to tell; elicit and sample fail, naming `via`, as nobody
 * there can answer them.
 */
export class LocalContext implements HandlerContext {
  readonly #via: string;

  constructor(
    readonly client: PlatformCaller,
    readonly signal: AbortSignal,
    via: string,
  ) {
    this.#via = via;
  }

  progress(done: number, total?: number): Promise<void> {
    const bad = badProgress(done, total);
    return bad === undefined ? settled : Promise.reject(bad);
  }

  log(level: LogLevel): Promise<void> {
    const bad = badLevel(level);
    return bad === undefined ? settled : Promise.reject(bad);
  }

  elicit(): Promise<ElicitResult> {
    return Promise.reject(
      new Error(
        `elicit: a tool called through ${this.#via} cannot ask the user a question; only the MCP server can, when its client declares elicitation`,
      ),
    );
  }

  sample(): Promise<SampleResult> {
    return Promise.reject(
      new Error(
        `sample: a tool called through ${this.#via} cannot ask a client's model; only the MCP server can, when its client declares sampling`,
      ),
    );
  }
}
