import type { FoundChange } from "./changes.js";
import type { ToolSurface } from "./load.js";
import type { RawAuth, RawTargets } from "../model/raw.js";
import { asRecord, isRecord } from "../../runtime/shared/record.js";

/** What changes of the client's settings are reported about: the target, as diff names it. */
export const CLIENT_SUBJECT = "targets.client";

/**
 * The client's connection, from each side's spec as written: with workspaces or without, and
 * then which credential it takes. Deployed agents are configured for one of them: a client that
 * gains or loses workspaces, or takes another kind of credential (or one where it took none, or
 * requires one it let be), cannot be called as before. A credential dropped or made optional is
 * compatible. Renamed variables are not reported, as no other variable's rename is.
 */
export function compareConnection(
  base: ToolSurface,
  current: ToolSurface,
  push: (change: FoundChange) => void,
): void {
  const before = clientOf(base);
  const after = clientOf(current);
  if (before === undefined || after === undefined) return;
  const was = hasWorkspaces(before);
  const is = hasWorkspaces(after);
  if (was !== is) {
    push({
      change: "client-workspaces-changed",
      tool: CLIENT_SUBJECT,
      message: is
        ? `${CLIENT_SUBJECT}: the client now has workspaces: agents deployed with the API's credential must be given workspace ids and tokens`
        : `${CLIENT_SUBJECT}: the client no longer has workspaces: agents deployed with workspace ids and tokens must be given the API's credential`,
      path: ["targets", "client", "env"],
      key: true,
    });
    return;
  }
  if (is) return;
  const from = describe(before.auth);
  const to = describe(after.auth);
  const at =
    after.auth === undefined
      ? ["targets", "client"]
      : ["targets", "client", "auth"];
  if (after.auth === undefined || (from === to && optional(after.auth))) {
    if (
      before.auth !== undefined &&
      (after.auth === undefined || !optional(before.auth))
    )
      push({
        change: "client-auth-relaxed",
        tool: CLIENT_SUBJECT,
        message: `${CLIENT_SUBJECT}.auth: ${from} ${after.auth === undefined ? "is no longer sent" : "became optional"}`,
        path: at,
        key: true,
      });
    return;
  }
  if (from !== to || (optional(before.auth) && !optional(after.auth)))
    push({
      change: "client-auth-changed",
      tool: CLIENT_SUBJECT,
      message:
        from === to
          ? `${CLIENT_SUBJECT}.auth: ${to} became required: agents deployed without it are refused`
          : `${CLIENT_SUBJECT}.auth: ${from} → ${to}: agents deployed with the old credential are refused`,
      path: at,
      key: true,
    });
}

type RawClient = NonNullable<RawTargets["client"]>;

function clientOf(side: ToolSurface): RawClient | undefined {
  const client = asRecord(asRecord(side.spec.value).targets).client;
  return isRecord(client) && isRecord(client.env)
    ? (client as unknown as RawClient)
    : undefined;
}

function hasWorkspaces(client: RawClient): boolean {
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
