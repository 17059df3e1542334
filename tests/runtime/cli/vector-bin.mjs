// The TypeScript side of the CLI vectors (tests/vectors/cli): the generated bin's one line,
// `main(argv, { runtime })` of @molecule/platform-cli, with the runtime the vector names instead
// of the reference runtime. TOOLGEN_TEST_RUNTIME=echo: every local tool's command answered by a
// handler that echoes its tool and input (tests/python/cli_echo_runtime.py is its Python twin);
// unset: no runtime, as the plain bin of a spec without targets.cli.runtime.
import fs from "node:fs";
import { createRequire } from "node:module";
import { main } from "@molecule/platform-cli";

function echoRuntime() {
  const require = createRequire(import.meta.url);
  const commands = JSON.parse(
    fs.readFileSync(
      require.resolve("@molecule/platform-cli/commands.json"),
      "utf8",
    ),
  ).commands;
  const handlers = Object.fromEntries(
    commands
      .filter((c) => c.local)
      .map((c) => [
        c.tool,
        async (input) => ({ handled_by: "echo runtime", tool: c.tool, input }),
      ]),
  );
  return async () => ({ handlers });
}

const runtime =
  process.env.TOOLGEN_TEST_RUNTIME === "echo" ? echoRuntime() : undefined;
process.exitCode = await main(
  process.argv.slice(2),
  runtime ? { runtime } : {},
);
