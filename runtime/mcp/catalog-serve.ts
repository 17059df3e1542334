import {
  catalogCapabilities,
  complete,
  getPrompt,
  listPrompts,
  listResources,
  listTemplates,
  readResource,
  type Catalog,
} from "./catalog.js";
import type {
  CatalogContext,
  CatalogOptions,
  CompletionRequest,
} from "./catalog-handlers.js";
import type { LowLevelServer, Sdks } from "./sdk.js";
import { setHandler, signalOf, type RequestHandler } from "./sdk-server.js";

/** The low-level server as far as sending a notification goes (both SDK lines). */
interface Notifier {
  notification(message: { method: string; params?: object }): Promise<void>;
  /** Undefined once the server is closed. */
  readonly transport?: unknown;
}

/**
 * Serves the catalog's prompts, resources and completions on a low-level server not yet
 * connected: its capabilities, then one handler per method. With `subscriptions`, clients may
 * subscribe to resources and are sent notifications/resources/updated when the runtime says a
 * resource changed (a stateless HTTP server has no stream to send them on: it offers none).
 */
export function serveCatalog(
  catalog: Catalog,
  sdks: Sdks,
  server: LowLevelServer,
  options: CatalogOptions,
  subscriptions: boolean,
): void {
  const capabilities = catalogCapabilities(catalog);
  if (Object.keys(capabilities).length === 0) return;
  const subscribe = subscriptions && capabilities.resources !== undefined;
  for (const method of methods(capabilities, subscribe))
    try {
      server.assertCanSetRequestHandler(method);
    } catch {
      // The SDK would silently replace the server's own handler, and what it serves.
      throw new Error(
        `serveTools: this server already answers ${method}, which the spec's prompts and resources need`,
      );
    }
  server.registerCapabilities({
    ...capabilities,
    ...(subscribe ? { resources: { subscribe: true } } : {}),
  });
  const on = (method: string, handler: RequestHandler) =>
    setHandler(sdks, server, method, handler);
  const ctx = (extra: unknown): CatalogContext => ({
    signal: signalOf(extra) ?? new AbortController().signal,
  });
  const params = (request: { readonly params?: unknown }) =>
    (request.params ?? {}) as Record<string, unknown>;
  if (capabilities.prompts !== undefined) {
    on("prompts/list", () => ({ prompts: listPrompts(catalog) }));
    on("prompts/get", (request, extra) =>
      getPrompt(catalog, options, params(request), ctx(extra)),
    );
  }
  if (capabilities.resources !== undefined) {
    on("resources/list", () => ({ resources: listResources(catalog) }));
    on("resources/templates/list", () => ({
      resourceTemplates: listTemplates(catalog),
    }));
    on("resources/read", (request, extra) =>
      readResource(catalog, options, params(request).uri, ctx(extra)),
    );
  }
  if (capabilities.completions !== undefined)
    on("completion/complete", (request, extra) =>
      complete(
        catalog,
        options,
        params(request) as unknown as CompletionRequest,
        ctx(extra),
      ),
    );
  if (subscribe) serveSubscriptions(sdks, server, options);
}

/**
 * resources/subscribe and unsubscribe: the uris this client follows. The runtime's watch starts
 * with the first subscription and stops when none is left.
 */
function serveSubscriptions(
  sdks: Sdks,
  server: LowLevelServer,
  options: CatalogOptions,
): void {
  const followed = new Set<string>();
  let stop: (() => void) | undefined;
  const notifier = server as unknown as Notifier;
  const unwatch = () => {
    followed.clear();
    stop?.();
    stop = undefined;
  };
  const updated = (uri: string) => {
    if (!followed.has(uri)) return;
    // A server closed (its client gone, its session ended) follows nothing: the watch stops.
    if (notifier.transport === undefined) return unwatch();
    void notifier
      .notification({
        method: "notifications/resources/updated",
        params: { uri },
      })
      .catch(() => {
        if (notifier.transport === undefined) unwatch();
      });
  };
  const uriOf = (request: { readonly params?: unknown }) =>
    String((request.params as { uri?: unknown } | undefined)?.uri);
  setHandler(sdks, server, "resources/subscribe", (request) => {
    if (followed.size === 0)
      stop = options.resources?.watch?.(updated) ?? undefined;
    followed.add(uriOf(request));
    return {};
  });
  setHandler(sdks, server, "resources/unsubscribe", (request) => {
    followed.delete(uriOf(request));
    if (followed.size === 0) unwatch();
    return {};
  });
}

/** The methods served for these capabilities. */
function methods(
  capabilities: ReturnType<typeof catalogCapabilities>,
  subscribe: boolean,
): string[] {
  return [
    ...(capabilities.prompts ? ["prompts/list", "prompts/get"] : []),
    ...(capabilities.resources
      ? ["resources/list", "resources/templates/list", "resources/read"]
      : []),
    ...(subscribe ? ["resources/subscribe", "resources/unsubscribe"] : []),
    ...(capabilities.completions ? ["completion/complete"] : []),
  ];
}
