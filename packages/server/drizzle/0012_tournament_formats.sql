ALTER TABLE "tournament_matches" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD COLUMN "side" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD COLUMN "first_strike_id" uuid;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "format" text DEFAULT 'single_elimination' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "swiss_rounds" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "planned_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_key_unique" UNIQUE("tournament_id","key");--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_format_valid" CHECK (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_swiss_rounds_positive" CHECK ("tournaments"."swiss_rounds" is null or "tournaments"."swiss_rounds" >= 1);--> statement-breakpoint
-- Tournaments started before formats: single elimination, whose rounds are its bracket's.
UPDATE "tournaments" t SET "planned_rounds" = (SELECT coalesce(max(m."round"), 0) FROM "tournament_matches" m WHERE m."tournament_id" = t."id");
