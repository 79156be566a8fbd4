// Migration 0015 puts a unique index on the library's pictures and the music's files. A database that already
// holds the same file twice (stored by the check-then-insert race the index ends) must still migrate: the
// duplicates fold into one row, a claimed picture over an unclaimed copy, then the oldest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { migrationsFolder } from "../../platform/db/migrate";
import { botImageLibrary, musicTracks } from "../../platform/db/schema";

const migration = readFileSync(path.join(migrationsFolder, "0015_one_row_per_upload.sql"), "utf8");

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe("migration 0015 on a database with duplicates", () => {
  it("keeps one row per file (claimed first, then the oldest) and then holds the index", async () => {
    const { db } = test.database;
    // Back to the schema before 0015.
    await db.execute(sql`drop index bot_image_library_image_url_key`);
    await db.execute(sql`drop index music_tracks_file_url_key`);
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
    const picture = (imageUrl: string, minute: number, isClaimed: boolean) => ({
      rarity: "rare" as const,
      botClass: "hero" as const,
      imageUrl,
      isClaimed,
      createdAt: at(minute),
    });
    await db
      .insert(botImageLibrary)
      .values([
        picture("/media/library/a.png", 1, false),
        picture("/media/library/a.png", 2, true),
        picture("/media/library/a.png", 3, true),
        picture("/media/library/b.png", 5, false),
        picture("/media/library/b.png", 4, false),
        picture("/media/library/c.png", 6, false),
      ]);
    const track = (title: string, fileUrl: string, minute: number) => ({
      title,
      fileUrl,
      createdAt: at(minute),
    });
    await db
      .insert(musicTracks)
      .values([
        track("second copy", "/media/music/x.wav", 8),
        track("first copy", "/media/music/x.wav", 7),
        track("alone", "/media/music/y.wav", 9),
      ]);

    for (const statement of migration.split("--> statement-breakpoint")) {
      await db.execute(sql.raw(statement));
    }

    const pictures = await db
      .select({
        imageUrl: botImageLibrary.imageUrl,
        isClaimed: botImageLibrary.isClaimed,
        at: botImageLibrary.createdAt,
      })
      .from(botImageLibrary)
      .orderBy(asc(botImageLibrary.imageUrl));
    expect(pictures).toEqual([
      { imageUrl: "/media/library/a.png", isClaimed: true, at: at(2) },
      { imageUrl: "/media/library/b.png", isClaimed: false, at: at(4) },
      { imageUrl: "/media/library/c.png", isClaimed: false, at: at(6) },
    ]);
    const tracks = await db
      .select({ title: musicTracks.title })
      .from(musicTracks)
      .orderBy(asc(musicTracks.title));
    expect(tracks.map((t) => t.title)).toEqual(["alone", "first copy"]);
    await expect(db.insert(musicTracks).values(track("again", "/media/music/y.wav", 10))).rejects.toThrow();
  });
});
