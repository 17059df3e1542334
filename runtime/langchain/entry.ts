/**
 * What the LangChain package imports from the client package's `runtime/langchain` subpath: its
 * index.js builds its exports with langchainPackage(), passing in the client package's module and
 * its own tools.json.
 */
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { createValidator } from "../client/validate.js";
import { clientParts, type ClientModule } from "../shared/client-parts.js";
import { toolFactory } from "./create-tools.js";
import { loadToolTable } from "./load.js";
import type { CreateToolsOptions, Dependencies } from "./types.js";

export type * as Surface from "./surface.js";

/** The LangChain package's exports (typed for one spec by its index.d.ts). */
export interface LangchainPackage {
  readonly createTools: (
    options: CreateToolsOptions,
  ) => DynamicStructuredTool[];
}

export function langchainPackage(
  client: ClientModule,
  data: URL,
): LangchainPackage {
  const { isClientError, withDefaults } = clientParts(client);
  const table = loadToolTable(data, client.tools);
  return {
    createTools: toolFactory({
      data: table,
      isClientError,
      withDefaults,
      validate: createValidator(
        new Map(table.tools.map((t) => [t.name, t.inputSchema])),
      ),
      InputError: client.InputError as unknown as Dependencies["InputError"],
    }),
  };
}
