import type { FoundChange } from "./changes.js";
import type { ToolSurface } from "./load.js";
import type { RawAuth, RawTargets } from "../model/raw.js";
import { asRecord, isRecord } from "../../runtime/shared/record.js";
import type { JsonPath } from "../read/parse.js";

/**
 * The client's connection, from each side's spec as written: with workspaces or without, and
 * then which credential it takes. Deployed agents are configured for one of them: a client that
 * gains or loses workspaces, or takes another kind of credential (or one where it took none, or
 * requires one it let be), cannot be called as before. A credential dropped or made optional is
 * compatible. Renamed variables are not reported, as no other variable's rename is. Each change
 * names its target (targets.client, or targets.python with settings of its own) as its tool.
 */
export function compareConnection(
  base: ToolSurface,
  current: ToolSurface,
  push: (change: FoundChange) => void,
): void {
  compareTarget("client", base, current, push);
  // The Python target reads targets.client's settings unless it declares its own env or auth
  // (a spec without the client target must): then they are its own, and reported as its own.
  if (ownsConnection(base) || ownsConnection(current))
    compareTarget("python", base, current, push);
}

function compareTarget(
  target: "client" | "python",
  base: ToolSurface,
  current: ToolSurface,
  push: (change: FoundChange) => void,
): void {
  const subject = `targets.${target}`;
  const before = connectionOf(base, target);
  const after = connectionOf(current, target);
  if (before === undefined || after === undefined) return;
  const was = hasWorkspaces(before);
  const is = hasWorkspaces(after);
  if (was !== is) {
    push({
      change: "client-workspaces-changed",
      tool: subject,
      message: is
        ? `${subject}: the client now has workspaces: agents deployed with the API's credential must be given workspace ids and tokens`
        : `${subject}: the client no longer has workspaces: agents deployed with workspace ids and tokens must be given the API's credential`,
      path: after.envAt,
      key: true,
    });
    return;
  }
  if (is) return;
  const from = describe(before.auth);
  const to = describe(after.auth);
  const at = after.auth === undefined ? after.at : after.authAt;
  if (after.auth === undefined || (from === to && optional(after.auth))) {
    if (
      before.auth !== undefined &&
      (after.auth === undefined || !optional(before.auth))
    )
      push({
        change: "client-auth-relaxed",
        tool: subject,
        message: `${subject}.auth: ${from} ${after.auth === undefined ? "is no longer sent" : "became optional"}`,
        path: at,
        key: true,
      });
    return;
  }
  if (from !== to || (optional(before.auth) && !optional(after.auth)))
    push({
      change: "client-auth-changed",
      tool: subject,
      message:
        from === to
          ? `${subject}.auth: ${to} became required: agents deployed without it are refused`
          : `${subject}.auth: ${from} → ${to}: agents deployed with the old credential are refused`,
      path: at,
      key: true,
    });
}

type RawClient = NonNullable<RawTargets["client"]>;

/** A target's connection settings as the spec writes them, each with the place it is written at. */
interface Connection {
  readonly env: RawClient["env"];
  readonly auth?: RawAuth;
  /** The target compared. */
  readonly at: JsonPath;
  readonly envAt: JsonPath;
  /** Where auth is, when there is one. */
  readonly authAt: JsonPath;
}

function targetsOf(side: ToolSurface): Record<string, unknown> {
  return asRecord(asRecord(side.spec.value).targets);
}

/** Whether the Python target declares its env or auth itself. */
function ownsConnection(side: ToolSurface): boolean {
  const python = asRecord(targetsOf(side).python);
  return isRecord(python.env) || isRecord(python.auth);
}

/** The client's settings; the Python target's own, each part it leaves out read from the client's. */
function connectionOf(
  side: ToolSurface,
  target: "client" | "python",
): Connection | undefined {
  const targets = targetsOf(side);
  const client = asRecord(targets.client);
  const own = asRecord(targets[target]);
  if (!isRecord(targets[target])) return undefined;
  const env = own.env ?? client.env;
  if (!isRecord(env)) return undefined;
  const auth = own.auth ?? (target === "python" ? client.auth : undefined);
  const from = (key: string): JsonPath =>
    own[key] === undefined
      ? ["targets", "client", key]
      : ["targets", target, key];
  return {
    env: env as unknown as RawClient["env"],
    ...(isRecord(auth) ? { auth: auth as unknown as RawAuth } : {}),
    at: ["targets", target],
    envAt: from("env"),
    authAt: from("auth"),
  };
}

function hasWorkspaces(client: Connection): boolean {
  return client.env.workspace_id !== undefined;
}

function optional(auth: RawAuth | undefined): boolean {
  return auth === undefined || auth.optional === true;
}

/** The credential as a message names it: its kind and where it is sent. */
function describe(auth: RawAuth | undefined): string {
  if (auth === undefined) return "no credential";
  if (auth.bearer !== undefined) return "a bearer token";
  if (auth.basic !== undefined) return "basic auth";
  const key = auth.api_key;
  if (key?.header !== undefined) return `an API key in header '${key.header}'`;
  if (key?.query !== undefined)
    return `an API key in query parameter '${key.query}'`;
  return "a credential";
}
