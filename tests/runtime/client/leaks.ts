import { inspect } from "node:util";
import { expect } from "vitest";

/** Every way an error could be shown: message, stack, inspect (cause and own fields), JSON. */
export function renderings(e: unknown): string {
  const err = e as Error;
  let json = "";
  try {
    json = JSON.stringify(e, Object.getOwnPropertyNames(e ?? {}));
  } catch {
    json = "";
  }
  return [
    String(e),
    err?.message,
    err?.stack,
    inspect(e, { depth: 10, showHidden: true }),
    json,
  ].join("\n");
}

/** Runs `fn`, capturing what it wrote to stdout and stderr (the client must write nothing). */
export async function captureOutput<T>(
  fn: () => Promise<T>,
): Promise<{ result: T | undefined; error: unknown; output: string }> {
  let output = "";
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = (chunk: unknown) => {
    output += String(chunk);
    return true;
  };
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  try {
    return { result: await fn(), error: undefined, output };
  } catch (error) {
    return { result: undefined, error, output };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

/** Calls, expects a rejection, and checks that neither the error nor any output shows one of `secrets`. */
export async function failureHiding(
  secrets: readonly string[],
  call: () => Promise<unknown>,
): Promise<Error> {
  const { error, output } = await captureOutput(call);
  expect(error).toBeInstanceOf(Error);
  const text = renderings(error) + output;
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(output).toBe("");
  return error as Error;
}
