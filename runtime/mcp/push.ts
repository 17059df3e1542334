/**
 * What a runtime's `start()` receives from the MCP bin: a way to send the connected client a
 * notification of the runtime's own (an arrived message, say), outside any tool call.
 */
export interface ClientPush {
  /**
   * Sends the JSON-RPC notification `method` with `params` to the client. Resolves true once it
   * is written; false when it cannot reach a client: none is connected (over `--http` a request
   * lasts one call, so there is none between calls), the client is gone, or, for
   * `notifications/message`, the server does not declare logging or the client asked for a
   * higher level (`logging/setLevel`). Never rejects.
   */
  notify(
    method: string,
    params?: Readonly<Record<string, unknown>>,
  ): Promise<boolean>;
}

/** The part of either SDK line's low-level server a push uses. */
interface NotifyingServer {
  notification(notification: {
    method: string;
    params?: Record<string, unknown>;
  }): Promise<void>;
  getCapabilities?(): { logging?: object } | undefined;
  isMessageIgnored?(level: string, sessionId?: string): boolean;
}

/** Pushes to the client connected to `server` (the stdio bin's). */
export function pushTo(server: unknown): ClientPush {
  const s = server as NotifyingServer;
  return {
    async notify(method, params) {
      if (method === "notifications/message") {
        // The SDKs' own rule for log messages, as their sendLoggingMessage applies it.
        if (s.getCapabilities?.()?.logging === undefined) return false;
        const level = params?.level;
        if (typeof level === "string" && s.isMessageIgnored?.(level) === true)
          return false;
      }
      try {
        await s.notification({
          method,
          ...(params === undefined ? {} : { params: { ...params } }),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** For a bin with no connection to push on: every notification is dropped. */
export const NO_PUSH: ClientPush = { notify: async () => false };
