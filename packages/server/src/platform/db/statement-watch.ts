// A hook on every statement a pooled connection sends, for METRICS_ROUTE_CPU (route-cpu.ts): statements per
// request is the figure behind a route's CPU that no machine's load can blur. Off, it costs one null check.
let watcher: (() => void) | null = null;

/** Calls `fn` on each statement sent from now on, until the returned function is called. */
export function watchStatements(fn: () => void): () => void {
  watcher = fn;
  return () => {
    if (watcher === fn) watcher = null;
  };
}

/** Wraps a client's `query` so that each statement it sends is told to the watcher. */
export function reportStatements(client: { query: (...args: never[]) => unknown }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    watcher?.();
    return query(...args);
  }) as typeof client.query;
}
