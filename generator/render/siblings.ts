import { stringLiteral } from "./literal.js";

/**
 * The imports of a package's siblings (the client package, its runtime, the prompts package), in
 * a generated index.js or bin. Each is a dynamic import whose failure, when the sibling itself is
 * not installed, becomes one line naming what to install: a thrown Error (code
 * ERR_MISSING_PACKAGE) in a library, a line on stderr and exit 2 in a bin. Any other failure is
 * thrown as it is.
 */
export function siblingImports(
  pkg: string,
  program: string | null,
  imports: readonly (readonly [binding: string, name: string])[],
): string {
  const message = `${stringLiteral(pkg)} + \` needs \${name}: npm install \${name}\``;
  const missing =
    program === null
      ? `const missing = (name) => (error) => { throw isMissing(error, name) ? Object.assign(new Error(${message}), { code: "ERR_MISSING_PACKAGE" }) : error; };\n`
      : `const missing = (name) => (error) => { if (!isMissing(error, name)) throw error; process.stderr.write(${stringLiteral(`${program}: `)} + ${message} + "\\n"); process.exit(2); };\n`;
  const isMissing =
    "const isMissing = (error, name) => error?.code === \"ERR_MODULE_NOT_FOUND\" && String(error.message).startsWith(`Cannot find package '${name}' `);\n";
  return (
    isMissing +
    missing +
    imports
      .map(
        ([binding, name]) =>
          `const ${binding} = await import(${stringLiteral(name)}).catch(missing(${stringLiteral(name)}));\n`,
      )
      .join("")
  );
}
