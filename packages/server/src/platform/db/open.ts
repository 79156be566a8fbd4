// Opens the database the configuration asks for: PostgreSQL when DATABASE_URL is set, else PGlite on disk; its
// live bus on Redis when LIVE_BUS_URL is set, else on the database itself.
import path from "node:path";
import type { Config } from "../config";
import type { Database } from "./database";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

type Log = { warn(obj: unknown, msg?: string): void };

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
