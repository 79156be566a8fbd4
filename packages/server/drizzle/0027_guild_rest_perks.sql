ALTER TABLE "chat_messages" ADD COLUMN "war_id" uuid;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "rests_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "seat_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "war_drill_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "banner_color" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "banner_emblem" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_war_id_guild_wars_id_fk" FOREIGN KEY ("war_id") REFERENCES "public"."guild_wars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_war_line_unique" ON "chat_messages" USING btree ("guild_id","war_id") WHERE "chat_messages"."war_id" is not null;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_seat_level_range" CHECK ("guilds"."seat_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_war_drill_level_range" CHECK ("guilds"."war_drill_level" between 0 and 2);--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_banner_whole" CHECK (("guilds"."banner_color" is null) = ("guilds"."banner_emblem" is null));--> statement-breakpoint
-- A guild resting after its war is not eligible, whatever its bank holds; the muster clears a rest that has
-- passed (by the runner's clock, which a test may move), and the muster request trigger (migration 0010) fires.
CREATE OR REPLACE FUNCTION guilds_war_eligibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_eligible_for_war := NEW.bank_balance >= 500 AND NEW.current_war_id IS NULL AND NEW.disbanded_at IS NULL
    AND NOT NEW.sits_out_next_war AND NEW.rests_until IS NULL;
  RETURN NEW;
END;
$$;
