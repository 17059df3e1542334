import type { FunctionCallingData } from "../../../runtime/function-calling/data.js";
import type { Model } from "../../model/types.js";

/**
 * The function-calling package's tools.json, typed by the runtime's own declaration of it: the
 * tools' former names. The definitions (names, descriptions, input schemas) are built from the
 * client package's tools.json, where each schema is written once.
 */
export function functionCallingData(model: Model): FunctionCallingData {
  return {
    renamed: Object.fromEntries(
      model.tools.flatMap((t) => t.renamedFrom.map((old) => [old, t.name])),
    ),
  };
}
