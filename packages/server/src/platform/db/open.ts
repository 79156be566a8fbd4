// Opens the database the configuration asks for: PostgreSQL when DATABASE_URL is set, else PGlite on disk; its
// live bus on Redis when LIVE_BUS_URL is set, else on the database itself.
import path from "node:path";
import type { Config } from "../config";
import type { Database } from "./database";
import { isConnectionError } from "./pg-error";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * Opens the database, and while PostgreSQL cannot be reached (it is still starting, or the network is) tries
 * again after 0.5 s, 1 s, 2 s ... 5 s until `timeoutMs` has passed: a service started before its database waits
 * for it instead of exiting. Any other error (a wrong password, a missing database) is given up on at once.
 */
export async function openDatabaseWhenReachable(
  config: Parameters<typeof openDatabase>[0],
  log: Log,
  timeoutMs: number,
): Promise<Database> {
  const giveUpAt = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(config, log);
    } catch (error) {
      const wait = Math.min(5_000, 500 * 2 ** (attempt - 1));
      if (!isConnectionError(error) || Date.now() + wait > giveUpAt) throw error;
      log.warn(
        { attempt, retryInMs: wait, err: error instanceof Error ? error.message : String(error) },
        "database: not reachable yet, trying again",
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export function openDatabase(
  config: Pick<Config, "databaseUrl" | "databasePoolSize" | "dataDir" | "liveBusUrl">,
  log: Log,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      log,
      liveBusUrl: config.liveBusUrl,
    });
  }
  return openPglite(path.join(config.dataDir, "pglite"), { log, liveBusUrl: config.liveBusUrl });
}
