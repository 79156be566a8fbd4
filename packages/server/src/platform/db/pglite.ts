// PGlite: Postgres compiled to WebAssembly, in this process. File-backed under DATA_DIR/pglite, or in memory.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { createNotifier, publishAfterCommit } from "../live/after-commit";
import { notifyNow } from "../live/publish";
import type { Database, Db } from "./database";
import { parseSafeInteger } from "./int8";
import { acquireLockFile } from "./lock-file";
import * as schema from "./schema";

const INT8_OID = 20;
const int8Parsers = { [INT8_OID]: parseSafeInteger };

/**
 * `dir` null: in memory (tests), empty or started from `loadDataDir` (a dump of a migrated database, so a test
 * file skips initdb and the migrations). A directory holds one server's data; a lock file keeps a second
 * process out.
 */
export async function openPglite(
  dir: string | null,
  options: { loadDataDir?: Blob; log?: { warn(obj: unknown, msg?: string): void } } = {},
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
  const plain = drizzle({ client, schema }) as unknown as Db;
  const notifier = createNotifier((payloads) => notifyNow(plain, payloads), options.log ?? console);
  const db = publishAfterCommit(plain, notifier);
  return {
    driver: "pglite",
    db,
    client,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    poolUse: () => null,
    // One connection only, and the lock file keeps other processes out: nothing to take turns with.
    withStartupLock: (fn) => fn(db),
    async close() {
      await notifier.drain();
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}
