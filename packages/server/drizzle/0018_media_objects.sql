CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_objects_key_valid" CHECK ("media_objects"."key" ~ '^[a-z0-9][a-z0-9-]*/[a-zA-Z0-9_-]+[.][a-z0-9]{1,8}$')
);
--> statement-breakpoint
-- Uncompressed out of line: substring() of a part of a track then reads only that part's TOAST chunks
-- (platform/media/database-backend.ts). Media are mostly compressed formats already.
ALTER TABLE "media_objects" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
