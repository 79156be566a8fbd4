// The database handle: Drizzle over PGlite (embedded, default) or node-postgres (DATABASE_URL), one type for both.
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { LiveBus } from "../live/bus";
import type { PoolUse } from "../metrics";
import type { SharedRedis } from "../redis";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** A Drizzle database; a transaction is one too, so code that takes `Db` runs inside or outside one. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Where a database opens its live bus: Redis at `liveBusUrl` when set, else its own LISTEN/NOTIFY. */
export type BusOption = { liveBusUrl?: string | null };

export type Database = {
  driver: "pglite" | "postgres";
  db: Db;
  /** The live bus every committed event of `db` goes out on (platform/live/bus.ts), chosen when it opened. */
  bus: LiveBus;
  /** The Redis of LIVE_BUS_URL (rate counters, the chat's pace); null without one. */
  redis: SharedRedis | null;
  /**
   * Runs `fn` holding a database-wide advisory lock, on one connection, so processes starting together
   * migrate and seed one after another.
   */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** The pool's connections now (for the metrics route); null where there is no pool (PGlite). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
};

/** Rows of `db.execute(...)`: both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
