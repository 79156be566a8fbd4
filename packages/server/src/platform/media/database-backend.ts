// Media in the database (the default): one row per key in `media_objects`, the bytes in a bytea column kept
// uncompressed (storage EXTERNAL, migration 0018), so `substring` fetches only the TOAST chunks it asks for. A
// large object (a music track) is therefore read a part at a time, PART_BYTES per statement, never whole: a seek
// into a 20 MB track reads the parts it plays, and no request holds a whole track in memory. A small object comes
// back whole with its size in the one statement that finds it.
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";
import { hotRawStatement, hotStatement } from "../db/hot-statements";
import { mediaObjects } from "../db/schema";
import type { MediaBackend } from "./store";

/**
 * Bytes per statement when streaming (a cache fill, mostly: cache.ts). On PGlite a statement holds the event
 * loop every request shares while it runs, about 12 ms for 64 KiB and 23 ms for 256 KiB: filling a 19 MB track
 * in 256 KiB parts held it up to 68 ms at a time and was a bystander's p99 (docs/performance-history.md, issue 43). On
 * PostgreSQL a part is about a millisecond, so a track is a few hundred quick statements, once per process.
 */
export const PART_BYTES = 64 * 1024;

const statObject = hotRawStatement<
  { size: number; modified: Date; bytes: Uint8Array | null },
  { key: string; bytesUpTo: number }
>(
  "media_stat",
  () => sql`
    select octet_length(bytes) as size, created_at as modified,
           case when octet_length(bytes) <= ${sql.placeholder("bytesUpTo")}::int then bytes end as bytes
      from media_objects where key = ${sql.placeholder("key")}`,
);
// The key names its bytes: a row already there holds the same ones, so a second writer adds nothing.
const putObject = hotStatement("media_put", (db) =>
  db
    .insert(mediaObjects)
    .values({ key: sql.placeholder("key"), bytes: sql.placeholder("bytes") })
    .onConflictDoNothing(),
);

export function databaseBackend(db: Db): MediaBackend {
  return {
    kind: "database",

    async stat(key, bytesUpTo) {
      const [row] = await statObject(db, { key, bytesUpTo });
      return row ? { size: row.size, modified: new Date(row.modified), bytes: row.bytes } : null;
    },

    read(key, start, end) {
      return Readable.from(readParts(db, key, start, end));
    },

    async put(key, bytes) {
      await putObject(db, { key, bytes });
    },

    async remove(key) {
      await db.delete(mediaObjects).where(eq(mediaObjects.key, key));
    },
  };
}

async function* readParts(db: Db, key: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  for (let at = start; at <= end; at += PART_BYTES) {
    const length = Math.min(PART_BYTES, end - at + 1);
    const [row] = rowsOf<{ part: Uint8Array }>(
      await db.execute(sql`
        select substring(bytes from ${at + 1}::int for ${length}::int) as part
          from media_objects where key = ${key}`),
    );
    if (!row) throw new Error(`media object ${key} was removed while it was being sent`);
    yield row.part;
  }
}
