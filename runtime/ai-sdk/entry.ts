/**
 * What the AI SDK package imports from the client package's `runtime/ai-sdk` subpath: its
 * index.js builds its exports with aiSdkPackage(), passing in the client package's module.
 */
import type { Tool } from "ai";
import { clientParts, type ClientModule } from "../shared/client-parts.js";
import { toolFactory } from "./create-tools.js";
import type { CreateToolsOptions } from "./types.js";

export type * as Surface from "./surface.js";

/** The AI SDK package's exports (typed for one spec by its index.d.ts). */
export interface AiSdkPackage {
  readonly createTools: (options: CreateToolsOptions) => Record<string, Tool>;
}

export function aiSdkPackage(client: ClientModule): AiSdkPackage {
  return {
    createTools: toolFactory({ tools: client.tools, ...clientParts(client) }),
  };
}
