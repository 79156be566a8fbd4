// The store a process uses: the bucket MEDIA_S3_URL names, or else the database, behind this process's cache.
import type { Config } from "../config";
import type { Db } from "../db/database";
import { databaseBackend } from "./database-backend";
import type { S3Location } from "./s3-location";
import { createMediaStore, type MediaStore } from "./store";

export async function openMediaStore(options: {
  db: Db;
  s3: S3Location | null;
  /** Absent: the store's own defaults (no disk copies). */
  cache?: Config["mediaCache"];
}): Promise<MediaStore> {
  if (!options.s3) return createMediaStore(databaseBackend(options.db), options.cache);
  // Only a process with a bucket loads the S3 client.
  const { s3Backend } = await import("./s3-backend");
  return createMediaStore(await s3Backend(options.s3), options.cache);
}
