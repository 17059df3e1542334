import fs from "node:fs";
import path from "node:path";

// What the init tests share: project folders under a temporary folder, and init's report read back.

/** A project folder `name` under `temp` holding `files` (path → text). */
export function projectIn(
  temp: string,
  name: string,
  files: Record<string, string> = {},
): string {
  const dir = path.join(temp, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export const read = (dir: string, file: string) =>
  fs.readFileSync(path.join(dir, file), "utf8");

/** Each path of init's report with its status word, as the CLI prints them. */
export function reported(stdout: string): Record<string, string> {
  return Object.fromEntries(
    [...stdout.matchAll(/^ {2}(\w+) +(\S+): /gm)].map((m) => [m[2]!, m[1]!]),
  );
}
