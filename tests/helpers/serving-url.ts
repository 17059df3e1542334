import type { ChildProcess } from "node:child_process";

/** The URL an MCP bin started with `--http` says it serves at on stderr; rejects if it exits first. */
export function servingUrl(child: ChildProcess): Promise<URL> {
  let stderr = "";
  return new Promise<URL>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
      const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
      if (match) resolve(new URL(match[1]!));
    });
    child.on("close", () => reject(new Error(stderr)));
  });
}
