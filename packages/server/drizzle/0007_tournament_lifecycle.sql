ALTER TABLE "tournaments" DROP CONSTRAINT "tournaments_status_valid";--> statement-breakpoint
ALTER TABLE "tournament_participants" DROP CONSTRAINT "tournament_participants_bot_id_bots_id_fk";
--> statement-breakpoint
ALTER TABLE "tournament_participants" ALTER COLUMN "bot_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD COLUMN "third_place" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD COLUMN "seed" integer;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD COLUMN "placement" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "registration_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "round_seconds" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "repeat_every_hours" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "repeat_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_matches_battle_idx" ON "tournament_matches" USING btree ("battle_id");--> statement-breakpoint
CREATE INDEX "tournament_participants_bot_idx" ON "tournament_participants" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "tournaments_next_due_idx" ON "tournaments" USING btree ("next_due_at") WHERE "tournaments"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tournaments_repeat_due_idx" ON "tournaments" USING btree ("repeat_due_at") WHERE "tournaments"."repeat_due_at" is not null;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_round_seconds_range" CHECK ("tournaments"."round_seconds" between 1 and 3600);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_registration_minutes_range" CHECK ("tournaments"."registration_minutes" between 1 and 10080);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_repeat_hours_range" CHECK ("tournaments"."repeat_every_hours" is null or "tournaments"."repeat_every_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_status_valid" CHECK (status in ('registration', 'pending', 'active', 'completed', 'cancelled', 'archived'));