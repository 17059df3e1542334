import type { ApiClientConfig, ClientConfig } from "./config.js";
import { createPlatformClient, type RuntimeClient } from "./client.js";
import type { ToolInfo } from "../shared/data.js";
import { resolveViews } from "../shared/views.js";
import type { ClientData } from "./data.js";
import { configFromEnv } from "./env.js";
import type { Env } from "../shared/client-parts.js";
import { deepFreeze } from "../shared/freeze.js";
import { createDefaultsFiller, type DefaultsFiller } from "./defaults.js";
import {
  createResultValidator,
  createValidator,
  type Validator,
} from "./validate.js";

export type {
  ApiClientConfig,
  CallOptions,
  ClientConfig,
  WorkspaceCredentials,
} from "./config.js";
export type { Credential } from "./auth.js";
export type { Env } from "../shared/client-parts.js";
export type { ClientHooks, RequestInfo, ResponseInfo } from "./hooks.js";
export type { RetryOptions } from "./retry.js";
export type { RuntimeClient } from "./client.js";
export type { PlatformRequest } from "./request.js";
export * from "./errors.js";
export type {
  AudioContent,
  Content,
  ContentAnnotations,
  EmbeddedResource,
  ImageContent,
  ResourceContents,
  ResourceLink,
  TextContent,
  ToolResult,
  ToolResultInit,
} from "../shared/tool-result.js";
export type { ToolInfo };
export type {
  ElicitField,
  ElicitResult,
  ElicitSchema,
  HandlerServices,
  LogLevel,
  SampleRequest,
  SampleResult,
  SamplingContent,
} from "../shared/handler.js";

export interface BoundClient {
  readonly tools: readonly ToolInfo[];
  readonly validateInput: Validator;
  readonly validateOutput: Validator;
  readonly withDefaults: DefaultsFiller;
  readonly createClient: (
    config: ClientConfig | ApiClientConfig,
  ) => RuntimeClient;
  readonly createClientFromEnv: (env?: Env) => RuntimeClient;
}

/** The package's exports, built from its generated tools.json. */
export function bindClient(data: ClientData): BoundClient {
  // The schemas are shared by `tools` and the validator: a consumer must not be able to loosen validation.
  deepFreeze(data);
  const tools = Object.freeze(
    data.tools.map((t): ToolInfo =>
      Object.freeze({
        name: t.name,
        section: t.section,
        short: t.short,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema,
        local: t.local,
        views: resolveViews(t),
      }),
    ),
  );
  const schemas = new Map(data.tools.map((t) => [t.name, t.inputSchema]));
  const validateInput = createValidator(schemas);
  const validateOutput = createResultValidator(
    new Map(
      data.tools.flatMap((t) =>
        t.outputSchema === null ? [] : [[t.name, t.outputSchema]],
      ),
    ),
    data.tools.map((t) => t.name),
  );
  const withDefaults = createDefaultsFiller(schemas);
  const createClient = (config: ClientConfig | ApiClientConfig) =>
    createPlatformClient(
      data.tools,
      { validate: validateInput, withDefaults },
      config,
      data.env,
    );
  const createClientFromEnv = (env: Env = process.env) =>
    createClient(configFromEnv(env, data.env));
  return {
    tools,
    validateInput,
    validateOutput,
    withDefaults,
    createClient,
    createClientFromEnv,
  };
}
