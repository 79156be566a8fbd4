// Drizzle's node-postgres transaction sends BEGIN before its try/finally, so a backend terminated between
// checkout and BEGIN leaked that client: never released, the pool shrank by one each time until every request
// waited for a connection (6 of 25 gone after a 6-second termination storm). This layer of the transaction
// pipeline remembers the client a transaction checked out and hands it back, marked broken, if the transaction
// failed without releasing it.
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import type { TransactionLayer } from "./transaction-pipeline";

type Checkout = { client?: pg.PoolClient; released: boolean };

export function releaseLeakedClients(pool: pg.Pool): TransactionLayer {
  const checkouts = new AsyncLocalStorage<Checkout>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // pg-pool's own query() checks out with a callback and always releases: leave it alone.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const checkout = checkouts.getStore();
      if (checkout) {
        checkout.client = client;
        const release = client.release.bind(client);
        client.release = (error?: Error | boolean) => {
          checkout.released = true;
          client.release = release;
          return release(error);
        };
      }
      return client;
    });
  }) as typeof pool.connect;

  return (transaction) =>
    ((work, config) => {
      const checkout: Checkout = { released: false };
      return checkouts.run(checkout, async () => {
        try {
          return await transaction(work, config);
        } catch (error) {
          if (checkout.client && !checkout.released) checkout.client.release(error as Error);
          throw error;
        }
      });
    }) as typeof transaction;
}
