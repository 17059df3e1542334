import { randomUUID } from "node:crypto";
import type { Clock } from "./clock.js";
import {
  isRecord,
  isRetryable,
  listIn,
  messageOf,
  retryAfterOf,
  type RuntimeClient,
} from "./platform.js";

export interface DelegateSettings {
  /** The whole wait, from sending the task to its answer (15 minutes when not given). */
  readonly timeoutMs: number;
  /** The first pause between status checks; it grows by half each time up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * Sending the task is tried at most this many times, and not after this long from the first
 * try (nor past the whole wait), when the platform answers 429, 502, 503 or 504 or not at all.
 */
const SEND_ATTEMPTS = 3;
const SEND_BUDGET_MS = 30_000;

/** The header the idempotency key is sent in too, the name toolgen's `http.idempotency_key` uses. */
const IDEMPOTENCY_HEADER = "Idempotency-Key";

export const DEFAULT_DELEGATE: DelegateSettings = {
  timeoutMs: 15 * 60_000,
  firstDelayMs: 1000,
  maxDelayMs: 15_000,
};

export interface DelegateInput {
  readonly workspace_id: string;
  readonly task: string;
  readonly source_workspace_id?: string;
}

export interface DelegateDeps {
  readonly client: RuntimeClient;
  readonly clock: Clock;
  readonly settings: DelegateSettings;
  readonly newKey?: () => string;
}

/**
 * delegate_task: sends the task (with an idempotency key, so that a retried POST cannot start it
 * twice), then checks the delegation until the peer has completed or failed it. Returns the
 * peer's answer: its text when it is text. A Retry-After is waited for, or, when it ends past
 * the time left, ends the call at once with the platform's error.
 */
export async function delegateTask(
  input: DelegateInput,
  deps: DelegateDeps,
  signal?: AbortSignal,
): Promise<unknown> {
  const { client, clock, settings } = deps;
  const workspace = input.source_workspace_id;
  const started = clock.now();
  const key = (deps.newKey ?? randomUUID)();
  let sent: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      sent = await client.$request(
        {
          method: "POST",
          path: "/workspaces/{$workspace}/delegate",
          ...(workspace === undefined ? {} : { workspace }),
          body: {
            target_id: input.workspace_id,
            task: input.task,
            idempotency_key: key,
          },
          headers: { [IDEMPOTENCY_HEADER]: key },
          label: "delegate_task",
        },
        signal ? { signal } : {},
      );
      break;
    } catch (error) {
      // The same key makes sending again safe: the platform starts the task once.
      if (attempt >= SEND_ATTEMPTS || !isRetryable(error) || signal?.aborted)
        throw error;
      const wait =
        retryAfterOf(error, clock.now()) ?? settings.firstDelayMs * attempt;
      const budget = Math.min(SEND_BUDGET_MS, settings.timeoutMs);
      if (clock.now() - started + wait >= budget) throw error;
      await clock.sleep(wait, signal, true);
    }
  }
  const id = delegationId(sent);
  if (id === undefined)
    throw new Error(
      `delegate_task: the platform accepted the task for ${input.workspace_id} but returned no delegation id`,
    );

  let delay = settings.firstDelayMs;
  // The wait a failed status check's Retry-After asked for, before the next check.
  let asked = 0;
  for (;;) {
    const left = started + settings.timeoutMs - clock.now();
    if (left <= 0) {
      throw new Error(
        `delegate_task: ${input.workspace_id} did not finish within ${duration(settings.timeoutMs)}; the task goes on as delegation ${id}: follow it with check_task_status`,
      );
    }
    await clock.sleep(Math.min(Math.max(delay, asked), left), signal, true);
    delay = Math.min(settings.maxDelayMs, Math.ceil(delay * 1.5));

    let answer: unknown;
    try {
      answer = await client.$request(
        {
          method: "GET",
          path: "/workspaces/{$workspace}/delegations",
          ...(workspace === undefined ? {} : { workspace }),
          query: { target_id: input.workspace_id, delegation_id: id },
          label: "delegate_task: status check",
        },
        signal ? { signal } : {},
      );
    } catch (error) {
      // A platform that hiccups while the peer works is no reason to give the answer up, unless
      // it asks for a pause longer than the time left.
      if (signal?.aborted) throw error;
      asked = isRetryable(error) ? (retryAfterOf(error, clock.now()) ?? 0) : -1;
      const left = started + settings.timeoutMs - clock.now();
      if (asked < 0 || (asked > 0 && asked >= left))
        throw new Error(
          `delegate_task: checking delegation ${id} failed: ${messageOf(error)}; the task goes on: follow it with check_task_status`,
        );
      continue;
    }
    asked = 0;
    const entry = findDelegation(answer, id);
    const status =
      typeof entry?.status === "string"
        ? entry.status.toLowerCase()
        : undefined;
    if (status === "completed") {
      const result = entry!.result ?? entry!.response ?? entry!.output ?? null;
      return result;
    }
    if (status === "failed") {
      const why = entry!.error ?? entry!.reason ?? entry!.result;
      throw new Error(
        `delegate_task: ${input.workspace_id} failed the task (delegation ${id})${typeof why === "string" && why ? `: ${why}` : ""}`,
      );
    }
  }
}

function delegationId(answer: unknown): string | undefined {
  if (!isRecord(answer)) return undefined;
  for (const key of ["delegation_id", "id", "task_id"]) {
    const v = answer[key];
    if (typeof v === "string" && v !== "") return v;
    if (typeof v === "number") return String(v);
  }
  return undefined;
}

/** The delegation in a status answer: a list of them, `{ delegations: [...] }`, or the one itself. */
function findDelegation(
  answer: unknown,
  id: string,
): Record<string, unknown> | undefined {
  const list =
    isRecord(answer) && !Array.isArray(answer.delegations)
      ? [answer]
      : listIn(answer, ["delegations", "items"]);
  return list.filter(isRecord).find((d) => delegationId(d) === id);
}

function duration(ms: number): string {
  return ms < 1000
    ? `${ms} ms`
    : ms < 120_000
      ? `${Math.round(ms / 1000)} s`
      : `${Math.round(ms / 60_000)} min`;
}
