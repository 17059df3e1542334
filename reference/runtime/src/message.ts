/** A received message as the inbox tools show it: the platform's activity, plus where it arrived. */
export interface InboxMessage {
  readonly activity_id: string;
  /** The workspace whose activity feed it came from; present only when several are registered. */
  readonly arrival_workspace_id?: string;
  readonly [field: string]: unknown;
}
