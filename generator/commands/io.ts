/** Exit codes: the contract CI scripts rely on. */
export const EXIT = { ok: 0, drift: 1, invalid: 2, bug: 3 } as const;

export interface Io {
  readonly cwd: string;
  /**
   * The process's environment: npm's npm_lifecycle_* (the script that ran toolgen),
   * GITHUB_ACTIONS and GITHUB_WORKSPACE (--format github).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Stops a command that runs until stopped (--watch); without it, SIGINT and SIGTERM do. */
  readonly signal?: AbortSignal;
  out(text: string): void;
  err(text: string): void;
}

/** How gen and diff report (--format). */
export const FORMATS = ["text", "json", "github"] as const;
export type Format = (typeof FORMATS)[number];

/** The --format given, else github under GitHub Actions, else text; undefined: not one of FORMATS. */
export function reportFormat(
  given: string | undefined,
  io: Io,
): Format | undefined {
  const format =
    given ?? (io.env?.GITHUB_ACTIONS === "true" ? "github" : "text");
  return FORMATS.find((f) => f === format);
}
