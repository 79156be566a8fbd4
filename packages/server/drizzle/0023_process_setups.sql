CREATE TABLE "process_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"media" text NOT NULL,
	"bus" text NOT NULL,
	"place" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
