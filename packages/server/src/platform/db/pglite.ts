// PGlite: Postgres compiled to WebAssembly, in this process. File-backed under DATA_DIR/pglite, or in memory.
// Its live bus is its own LISTEN/NOTIFY inside the process (live/pglite-bus.ts), or Redis with LIVE_BUS_URL.
// Its parameterised statements are prepared once by name (pglite-statements.ts), as on PostgreSQL.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { claimKeysInTransactions } from "../idempotency/claim";
import { createNotifier, publishAfterCommit } from "../live/after-commit";
import { openLiveBus } from "../live/open-bus";
import { pgliteLiveBus } from "../live/pglite-bus";
import type { BusOption, Database, Db } from "./database";
import { parseSafeInteger } from "./int8";
import { acquireLockFile } from "./lock-file";
import { guardLockOrder } from "./locks";
import { prepareStatements } from "./pglite-statements";
import * as schema from "./schema";
import { installTransactionPipeline } from "./transaction-pipeline";

const INT8_OID = 20;
const int8Parsers = { [INT8_OID]: parseSafeInteger };

/**
 * `dir` null: in memory (tests), empty or started from `loadDataDir` (a dump of a migrated database, so a test
 * file skips initdb and the migrations). A directory holds one server's data; a lock file keeps a second
 * process out.
 */
export async function openPglite(
  dir: string | null,
  options: { loadDataDir?: Blob; log?: { warn(obj: unknown, msg?: string): void } } & BusOption = {},
): Promise<Database & { client: PGlite }> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true });
    releaseLock = acquireLockFile(`${dir}.lock`);
    client = new PGlite(dir, { parsers: int8Parsers });
  } else {
    client = new PGlite({
      parsers: int8Parsers,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  prepareStatements(client);
  const plain = drizzle({ client, schema }) as unknown as Db;
  const log = options.log ?? console;
  const { bus, redis } = await openLiveBus({
    liveBusUrl: options.liveBusUrl ?? null,
    // One process owns a PGlite: nobody else shares its keys.
    scope: `pglite-${randomUUID()}`,
    own: () => pgliteLiveBus(client, plain, log),
    log,
  }).catch(async (error: unknown) => {
    await client.close();
    releaseLock();
    throw error;
  });
  const notifier = createNotifier((payloads) => bus.send(payloads), log);
  // One connection, one transaction at a time: no deadlock to retry and no pool to leak clients from.
  const db = installTransactionPipeline(plain, {
    idempotencyClaim: claimKeysInTransactions(plain),
    afterCommit: publishAfterCommit(plain, notifier),
    lockOrder: guardLockOrder(plain),
  });
  return {
    driver: "pglite",
    db,
    client,
    bus,
    redis,
    poolUse: () => null,
    // One connection only, and the lock file keeps other processes out: nothing to take turns with.
    withStartupLock: (fn) => fn(db),
    async close() {
      await notifier.drain();
      await bus.close();
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}
