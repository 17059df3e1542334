#!/usr/bin/env node
/**
 * Runs Python in the repository's virtual environment (.venv), making it first when it is
 * missing or out of date: `node scripts/python.mjs -m pytest tests/python`.
 *
 * The environment holds exactly the packages of tests/python/requirements.lock (installed
 * with --no-deps, so nothing unpinned comes in) and the generated Python package of the
 * reference spec (generated/python), installed editable so that tests import it by its module
 * name, as a consumer does, and always see the files `npm run gen` last wrote. It is made again
 * when the lock, the Python or the generated pyproject.toml changes.
 *
 * `node scripts/python.mjs --lock` pins tests/python/requirements.in afresh into the lock.
 * TOOLGEN_PYTHON names the interpreter to build on (default python3; 3.10 or later).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const venv = join(root, ".venv");
const lock = join(root, "tests/python/requirements.lock");
const wanted = join(root, "tests/python/requirements.in");
const generated = join(root, "generated/python");
const stampFile = join(venv, "toolgen-stamp");
const base = process.env.TOOLGEN_PYTHON || "python3";

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} ${args.join(" ")} exited ${r.status}`);
  return r;
}

function fail(message) {
  process.stderr.write(`scripts/python.mjs: ${message}\n`);
  process.exit(1);
}

function baseVersion() {
  const r = spawnSync(
    base,
    ["-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"],
    { encoding: "utf8" },
  );
  if (r.error || r.status !== 0)
    fail(
      `no Python found as ${base} (set TOOLGEN_PYTHON to one, 3.10 or later)`,
    );
  const version = r.stdout.trim();
  const [major, minor] = version.split(".").map(Number);
  if (major < 3 || (major === 3 && minor < 10))
    fail(`${base} is Python ${version}; the Python tests need 3.10 or later`);
  return version;
}

function pip(python, args) {
  run(python, ["-m", "pip", "--disable-pip-version-check", "--quiet", ...args]);
}

const bin = (dir, name) =>
  join(dir, process.platform === "win32" ? "Scripts" : "bin", name);

function pinLock() {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-lock-"));
  try {
    run(base, ["-m", "venv", dir]);
    pip(bin(dir, "python"), ["install", "-r", wanted]);
    const frozen = spawnSync(bin(dir, "python"), ["-m", "pip", "freeze"], {
      encoding: "utf8",
    }).stdout;
    const head = readFileSync(lock, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("#"));
    writeFileSync(
      lock,
      [...head, ...frozen.trim().split("\n")].join("\n") + "\n",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ensureVenv() {
  const hash = createHash("sha256");
  hash.update(baseVersion());
  hash.update(readFileSync(lock));
  const pyproject = join(generated, "pyproject.toml");
  if (existsSync(pyproject)) hash.update(readFileSync(pyproject));
  const stamp = hash.digest("hex");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp)
    return;
  process.stderr.write(
    "Making the Python test environment (.venv) from tests/python/requirements.lock…\n",
  );
  rmSync(venv, { recursive: true, force: true });
  run(base, ["-m", "venv", venv]);
  const python = bin(venv, "python");
  pip(python, ["install", "--no-deps", "-r", lock]);
  if (existsSync(pyproject))
    pip(python, [
      "install",
      "--no-deps",
      "--no-build-isolation",
      "-e",
      generated,
    ]);
  writeFileSync(stampFile, stamp);
}

const args = process.argv.slice(2);
if (args[0] === "--lock") {
  pinLock();
  process.exit(0);
}
ensureVenv();
const r = spawnSync(bin(venv, "python"), args, { stdio: "inherit", cwd: root });
if (r.error) fail(r.error.message);
process.exit(r.status ?? 1);
