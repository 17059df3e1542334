import os from "node:os";
import path from "node:path";
import { notifyMethod } from "./notify.js";

/** The environment variables the runtime reads; each can be overridden by an option of createRuntime. */
export const ENV = {
  model: "MOLECULE_MODEL",
  provider: "MOLECULE_MODEL_PROVIDER",
  tier: "MOLECULE_TIER",
  template: "MOLECULE_RUNTIME_TEMPLATE",
  /** `poll` (the default): the inbox tools read a polled inbox; `push`: messages arrive some other way. */
  delivery: "MOLECULE_MESSAGE_DELIVERY",
  /** The folder of the inbox cursor files (default ~/.molecule/state). */
  stateDir: "MOLECULE_STATE_DIR",
  /** Off by default; `on`, or a notification method: each arrived inbox message is pushed to the MCP client so. */
  inboxNotify: "MOLECULE_INBOX_NOTIFY",
} as const;

export type Delivery = "poll" | "push";

export interface Identity {
  readonly model: string | null;
  readonly model_provider: string | null;
  readonly tier: string | null;
  readonly runtime_template: string | null;
}

export type Env = { readonly [name: string]: string | undefined };

function get(env: Env, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

export function identityFromEnv(env: Env): Identity {
  return {
    model: get(env, ENV.model),
    model_provider: get(env, ENV.provider),
    tier: get(env, ENV.tier),
    runtime_template: get(env, ENV.template),
  };
}

export function deliveryFromEnv(env: Env): Delivery {
  const v = get(env, ENV.delivery);
  if (v === null) return "poll";
  const lower = v.toLowerCase();
  if (lower === "poll" || lower === "push") return lower;
  throw new Error(
    `${ENV.delivery} must be poll or push, got ${JSON.stringify(v.slice(0, 40))}`,
  );
}

export function stateDirFromEnv(env: Env): string {
  return (
    get(env, ENV.stateDir) ?? path.join(os.homedir(), ".molecule", "state")
  );
}

/** The notification method an arrived inbox message is pushed with, or null (the default: none). */
export function inboxNotifyFromEnv(env: Env): string | null {
  try {
    return notifyMethod(get(env, ENV.inboxNotify));
  } catch (error) {
    throw new Error(`${ENV.inboxNotify}: ${(error as Error).message}`);
  }
}
