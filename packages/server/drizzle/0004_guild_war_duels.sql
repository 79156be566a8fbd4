CREATE TABLE "guild_war_duels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"war_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"pairing" integer NOT NULL,
	"slot" integer NOT NULL,
	"home_guild_id" uuid NOT NULL,
	"away_guild_id" uuid NOT NULL,
	"home_bot" jsonb,
	"away_bot" jsonb,
	"attacker" text,
	"battle_id" uuid,
	"winner_guild_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_war_duels_slot_unique" UNIQUE("war_id","round","pairing","slot"),
	CONSTRAINT "guild_war_duels_status_valid" CHECK (status in ('pending', 'in_progress', 'completed')),
	CONSTRAINT "guild_war_duels_attacker_valid" CHECK ("guild_war_duels"."attacker" is null or "guild_war_duels"."attacker" in ('home', 'away')),
	CONSTRAINT "guild_war_duels_slot_range" CHECK ("guild_war_duels"."round" >= 1 and "guild_war_duels"."pairing" >= 1 and "guild_war_duels"."slot" between 1 and 5),
	CONSTRAINT "guild_war_duels_two_guilds" CHECK ("guild_war_duels"."home_guild_id" <> "guild_war_duels"."away_guild_id")
);
--> statement-breakpoint
ALTER TABLE "battles" DROP CONSTRAINT "battles_kind_valid";--> statement-breakpoint
ALTER TABLE "guild_war_participants" ADD COLUMN "duel_wins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_wars" ADD COLUMN "current_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_wars" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "current_war_id" uuid;--> statement-breakpoint
ALTER TABLE "guild_war_duels" ADD CONSTRAINT "guild_war_duels_war_id_guild_wars_id_fk" FOREIGN KEY ("war_id") REFERENCES "public"."guild_wars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_duels" ADD CONSTRAINT "guild_war_duels_home_guild_id_guilds_id_fk" FOREIGN KEY ("home_guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_duels" ADD CONSTRAINT "guild_war_duels_away_guild_id_guilds_id_fk" FOREIGN KEY ("away_guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_duels" ADD CONSTRAINT "guild_war_duels_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_duels" ADD CONSTRAINT "guild_war_duels_winner_guild_id_guilds_id_fk" FOREIGN KEY ("winner_guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guild_war_duels_home_idx" ON "guild_war_duels" USING btree ("war_id","home_guild_id");--> statement-breakpoint
CREATE INDEX "guild_war_duels_away_idx" ON "guild_war_duels" USING btree ("war_id","away_guild_id");--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_current_war_id_guild_wars_id_fk" FOREIGN KEY ("current_war_id") REFERENCES "public"."guild_wars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guild_wars_next_due_idx" ON "guild_wars" USING btree ("next_due_at") WHERE "guild_wars"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "guilds_war_eligible_idx" ON "guilds" USING btree ("id") WHERE "guilds"."is_eligible_for_war";--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_kind_valid" CHECK (kind in ('ai', 'pvp', 'tournament', 'guild_war'));