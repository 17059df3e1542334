import {
  gatherInputs,
  generate,
  type Generated,
  type SpecInput,
} from "../../generator/index.js";

/**
 * generate() over inputs gathered from disk as the CLI gathers them: toolgen's templates and
 * runtime, the user's templates folder (`templates`, else the spec's own setting), and the
 * working folder messages are shown from (default: this process's).
 */
export function generateFromDisk(
  spec: SpecInput,
  options: { templates?: string; cwd?: string } = {},
): Generated {
  return generate(
    gatherInputs(spec, {
      cwd: options.cwd ?? process.cwd(),
      templates: options.templates,
    }),
  );
}
