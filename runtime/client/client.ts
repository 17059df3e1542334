import { randomUUID } from "node:crypto";
import {
  resolveConfig,
  type ApiClientConfig,
  type CallOptions,
  type ClientConfig,
} from "./config.js";
import { bearer, type Authorization } from "./auth.js";
import type { EnvNames } from "../shared/data.js";
import type { ToolData } from "./data.js";
import { ClientError, InputError, UnknownWorkspaceError } from "./errors.js";
import { redact } from "./redact.js";
import {
  planRaw,
  planRequest,
  type PlannedRequest,
  type PlatformRequest,
} from "./request.js";
import { isIdempotent, sendWithRetries } from "./retry.js";
import type { DefaultsFiller } from "./defaults.js";
import type { Validator } from "./validate.js";

/** What createClient returns at run time; the generated index.d.ts types it per tool. */
export interface RuntimeClient {
  /** Calls an HTTP-bound tool by its spec name. */
  $call(name: string, input?: unknown, options?: CallOptions): Promise<unknown>;
  /** Calls a platform endpoint no tool declares, routed and authorised like a tool call. */
  $request(request: PlatformRequest, options?: CallOptions): Promise<unknown>;
  /** The configured workspace ids, the primary first; none for an API without workspaces. */
  readonly $workspaces: readonly string[];
  /** The primary workspace's id; "" for an API without workspaces. */
  readonly $primary: string;
  readonly [method: string]: unknown;
}

/**
 * The plan with a fresh idempotency key in `header`, when the tool names one: one key per call,
 * sent again unchanged by each retry, so that the platform applies the call once.
 */
export function withIdempotencyKey(
  plan: PlannedRequest,
  header: string | undefined,
): PlannedRequest {
  if (header === undefined) return plan;
  return { ...plan, headers: [...plan.headers, [header, randomUUID()]] };
}

/** How a call's input is checked and completed against its tool's schema. */
export interface InputRules {
  readonly validate: Validator;
  readonly withDefaults: DefaultsFiller;
}

/**
 * A client over the platform's HTTP API: one method per HTTP-bound tool plus `$call`.
 * Each call is validated against the tool's schema, completed with its defaults, routed to one
 * workspace (the route input's value, else the primary) and sent with that workspace's token
 * and no other.
 */
export function createPlatformClient(
  tools: readonly ToolData[],
  rules: InputRules,
  config: ClientConfig | ApiClientConfig,
  names?: EnvNames,
): RuntimeClient {
  const resolved = resolveConfig(config, names);
  const ids = Object.freeze([...resolved.workspaces.keys()]);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const tokens = resolved.secrets;

  async function $call(
    name: string,
    input?: unknown,
    options?: CallOptions,
  ): Promise<unknown> {
    const tool = byName.get(name);
    if (!tool) throw new ClientError(`unknown tool ${JSON.stringify(name)}`);
    if (!tool.http)
      throw new ClientError(
        `${name} is not a platform call: the agent's runtime handles it with its own handler`,
        name,
      );
    const args = input === undefined ? {} : input;
    const problems = rules.validate(name, args);
    if (problems.length > 0)
      throw new InputError(
        name,
        problems.map((p) => redact(p, tokens)),
      );
    const fields = rules.withDefaults(name, args) as {
      readonly [key: string]: unknown;
    };

    const workspace = route(
      tool.http.route === null ? undefined : fields[tool.http.route],
      name,
    );
    const plan = withIdempotencyKey(
      planRequest(name, tool.http, fields, workspace.id),
      tool.http.idempotencyKey,
    );
    return sendWithRetries(
      plan,
      { config: resolved, tool: name, auth: workspace.auth, options },
      isIdempotent(tool.idempotent, tool.http.method) ||
        tool.http.idempotencyKey !== undefined,
    );
  }

  async function $request(
    request: PlatformRequest,
    options?: CallOptions,
  ): Promise<unknown> {
    const label =
      typeof request?.label === "string" && request.label
        ? request.label
        : `${request?.method} ${request?.path}`;
    if (
      resolved.api !== null &&
      (request?.workspace !== undefined ||
        (typeof request?.path === "string" &&
          request.path.includes("{$workspace}")))
    )
      throw new ClientError(
        `${label}: this API has no workspaces: a request names none, nor {$workspace} in its path`,
        label,
      );
    const workspace = route(request?.workspace, label);
    const plan = planRaw(label, request, workspace.id);
    return sendWithRetries(
      plan,
      { config: resolved, tool: label, auth: workspace.auth, options },
      isIdempotent(undefined, plan.method),
    );
  }

  /**
   * The workspace a call goes to: the one it names, else the primary; never a stranger. An API
   * without workspaces has one credential (maybe none) for every call.
   */
  function route(
    named: unknown,
    label: string,
  ): { id: string; auth: Authorization } {
    if (resolved.api !== null) return { id: "", auth: resolved.api };
    const id = named === undefined || named === null ? resolved.primary : named;
    const token =
      typeof id === "string" ? resolved.workspaces.get(id) : undefined;
    // A caller that passes a token where a workspace id belongs must not see it echoed.
    if (token === undefined)
      throw new UnknownWorkspaceError(redact(String(id), tokens), ids, label);
    return { id: id as string, auth: bearer(token) };
  }

  const client: Record<string, unknown> = {
    $call,
    $request,
    $workspaces: ids,
    $primary: resolved.primary,
  };
  for (const tool of tools) {
    if (tool.http)
      client[tool.method] = (input?: unknown, options?: CallOptions) =>
        $call(tool.name, input, options);
  }
  return Object.freeze(client) as RuntimeClient;
}
