-- One row per picture and per recording (files are named by their content hash). Rows stored twice before
-- this index (a check-then-insert race) are folded into one first, so the migration never fails on them:
-- the library keeps a claimed copy over an unclaimed one (a fusion must not hand out a picture a bot wears),
-- then the oldest; music keeps the oldest track.
DELETE FROM "bot_image_library" AS "dup" USING "bot_image_library" AS "kept"
WHERE "dup"."image_url" = "kept"."image_url" AND "dup"."id" <> "kept"."id"
  AND ("kept"."is_claimed", "dup"."created_at", "dup"."id") > ("dup"."is_claimed", "kept"."created_at", "kept"."id");--> statement-breakpoint
DELETE FROM "music_tracks" AS "dup" USING "music_tracks" AS "kept"
WHERE "dup"."file_url" = "kept"."file_url" AND "dup"."id" <> "kept"."id"
  AND ("dup"."created_at", "dup"."id") > ("kept"."created_at", "kept"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_image_library_image_url_key" ON "bot_image_library" USING btree ("image_url");--> statement-breakpoint
CREATE UNIQUE INDEX "music_tracks_file_url_key" ON "music_tracks" USING btree ("file_url");
