import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The base spec could not be read (an unknown ref, no git, no such file): the user's, exit 2. */
export class BaseReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BaseReadError";
  }
}

/** The base spec's bytes and its name in messages (`origin/main:tools.yaml`, or the file's path). */
export interface BaseBytes {
  readonly file: string;
  /** null: the ref is a commit where the spec does not exist (the change adds it). */
  readonly bytes: Buffer | null;
  /** The folder relative paths in the spec resolve against. */
  readonly dir: string;
  /** Where it came from: a git ref or a file. */
  readonly kind: "ref" | "file";
}

/** Larger than any spec toolgen reads. */
const MAX_BYTES = 256 * 1024 * 1024;

/**
 * The spec to compare against: `against` names an existing file (read as it is), else a git ref,
 * at which the spec's own path is read with `git show <ref>:./<name>` from the spec's folder (the
 * working tree and index untouched). `specFile` is the spec's name in messages.
 */
export function readBase(
  against: string,
  specPath: string,
  specFile: string,
  cwd: string,
): BaseBytes {
  const asFile = path.resolve(cwd, against);
  if (isFile(asFile)) {
    const rel = path.relative(cwd, asFile);
    return {
      file:
        rel && !rel.startsWith("..") ? rel.split(path.sep).join("/") : asFile,
      bytes: fs.readFileSync(asFile),
      dir: path.dirname(asFile),
      kind: "file",
    };
  }
  if (against === "" || against.startsWith("-") || /[:\0\s]/.test(against))
    throw new BaseReadError(
      `--against '${against}' is neither a file nor a git ref`,
    );
  const dir = path.dirname(specPath);
  let bytes: Buffer;
  try {
    bytes = execFileSync(
      "git",
      ["show", `${against}:./${path.basename(specPath)}`],
      { cwd: dir, maxBuffer: MAX_BYTES, stdio: ["ignore", "pipe", "pipe"] },
    );
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
    if (err.code === "ENOENT")
      throw new BaseReadError(
        `cannot read ${specFile} at '${against}': git is not installed (or not on PATH)`,
      );
    if (isCommit(against, dir) && !existsAt(against, specPath))
      return { file: `${against}:${specFile}`, bytes: null, dir, kind: "ref" };
    const said = (err.stderr?.toString("utf8") ?? "").trim().split("\n")[0];
    throw new BaseReadError(
      `cannot read ${specFile} at '${against}' with git: ${said || err.message}`,
    );
  }
  return { file: `${against}:${specFile}`, bytes, dir, kind: "ref" };
}

/** Whether `ref` names a commit of the repository `dir` is in. */
function isCommit(ref: string, dir: string): boolean {
  return gitSucceeds(
    ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`],
    dir,
  );
}

/** Whether the spec's path exists at `ref` (as a file or anything else). */
function existsAt(ref: string, specPath: string): boolean {
  return gitSucceeds(
    ["cat-file", "-e", `${ref}:./${path.basename(specPath)}`],
    path.dirname(specPath),
  );
}

function gitSucceeds(args: string[], cwd: string): boolean {
  try {
    execFileSync("git", args, { cwd, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
