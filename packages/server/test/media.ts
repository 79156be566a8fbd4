// Media in tests: a store on a fresh test database, and what the database store holds.
import { eq, like } from "drizzle-orm";
import type { Db } from "../src/platform/db/database";
import { mediaObjects } from "../src/platform/db/schema";
import { databaseBackend } from "../src/platform/media/database-backend";
import { createMediaStore, type MediaStore } from "../src/platform/media/store";
import { createTestDatabase, type TestDatabase } from "./helpers";

/** A database media store of its own (as a process would have) on `db`. */
export const databaseMediaStore = (db: Db): MediaStore => createMediaStore(databaseBackend(db));

/** A fresh test database with a media store over it; `drop()` after the file. */
export async function mediaOnTestDatabase(): Promise<TestDatabase & { db: Db; media: MediaStore }> {
  const database = await createTestDatabase();
  return { ...database, db: database.database.db, media: databaseMediaStore(database.database.db) };
}

/** The /media URLs the database store holds under `folder`, sorted. */
export async function storedMediaIn(db: Db, folder: string): Promise<string[]> {
  const rows = await db
    .select({ key: mediaObjects.key })
    .from(mediaObjects)
    .where(like(mediaObjects.key, `${folder}/%`));
  return rows.map((row) => `/media/${row.key}`).sort();
}

/** Whether the database store holds the bytes of a /media URL (read from the table, past every cache). */
export async function isStored(db: Db, url: string): Promise<boolean> {
  const rows = await db
    .select({ key: mediaObjects.key })
    .from(mediaObjects)
    .where(eq(mediaObjects.key, url.slice("/media/".length)));
  return rows.length > 0;
}
