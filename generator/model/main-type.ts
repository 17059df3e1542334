/**
 * The type the CLI reads an input's value as. Written once, in the CLI runtime, which reads the
 * arguments by it at run time; the generator decides by the same function which inputs are flags.
 */
export { mainType } from "../../runtime/cli/main-type.js";
