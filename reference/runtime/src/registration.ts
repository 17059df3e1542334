import type { Clock } from "./clock.js";
import type { Log, RateLimitedLog } from "./log.js";
import {
  isAuthFailure,
  messageOf,
  statusOf,
  type RuntimeClient,
} from "./platform.js";

export interface RegistrationOptions {
  readonly client: RuntimeClient;
  readonly workspace: string;
  /** Sent with the registration as `agent_card`, when given. */
  readonly agentCard: { readonly [key: string]: unknown } | undefined;
  readonly clock: Clock;
  readonly heartbeatMs: number;
  readonly log: Log;
  readonly failures: RateLimitedLog;
}

/**
 * One workspace's presence in the registry: POST /registry/register at start, then
 * POST /registry/heartbeat every `heartbeatMs`, each as that workspace with its own token.
 * Until a registration succeeds, each beat registers again instead.
 */
export class Registration {
  registered = false;

  constructor(private readonly o: RegistrationOptions) {}

  async register(signal?: AbortSignal): Promise<boolean> {
    const { workspace, agentCard } = this.o;
    const body =
      agentCard === undefined
        ? { workspace_id: workspace }
        : { workspace_id: workspace, agent_card: agentCard };
    this.registered = await this.post(
      "/registry/register",
      body,
      "registration",
      signal,
    );
    return this.registered;
  }

  async beat(signal?: AbortSignal): Promise<boolean> {
    if (!this.registered) return this.register(signal);
    return this.post(
      "/registry/heartbeat",
      { workspace_id: this.o.workspace },
      "heartbeat",
      signal,
    );
  }

  /** Beats until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.o.clock.sleep(this.o.heartbeatMs, signal);
      } catch {
        return;
      }
      await this.beat(signal);
    }
  }

  private async post(
    path: string,
    body: object,
    what: string,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const { client, workspace, failures, log } = this.o;
    const key = `registry:${workspace}`;
    try {
      await client.$request(
        {
          method: "POST",
          path,
          workspace,
          body,
          label: `${what} of workspace ${workspace}`,
        },
        signal ? { signal } : {},
      );
    } catch (error) {
      if (signal?.aborted) return false;
      if (isAuthFailure(error)) {
        failures.report(
          key,
          "error",
          `workspace ${workspace}: the registry refused its token (HTTP ${statusOf(error)}) on ${what}; peers cannot reach this agent there until the token configured for it is fixed`,
          `workspace ${workspace}: the registry still refuses its token`,
        );
      } else {
        failures.report(
          key,
          "warn",
          `workspace ${workspace}: ${what} failed: ${messageOf(error)}`,
          `workspace ${workspace}: ${what} still fails: ${messageOf(error)}`,
        );
      }
      return false;
    }
    if (failures.clear(key))
      log("info", `workspace ${workspace}: ${what} works again`);
    return true;
  }
}
