/** Exit codes: the contract CI scripts rely on. */
export const EXIT = { ok: 0, drift: 1, invalid: 2, bug: 3 } as const;

export interface Io {
  readonly cwd: string;
  /** The process's environment, read for npm's npm_lifecycle_* (the script that ran toolgen). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
}
