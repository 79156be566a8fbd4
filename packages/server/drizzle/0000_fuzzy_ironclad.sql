CREATE TABLE "ai_opponents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"seed" bigint NOT NULL,
	"opponent" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"seed" bigint NOT NULL,
	"attacker_snapshot" jsonb NOT NULL,
	"defender_snapshot" jsonb NOT NULL,
	"winner" text NOT NULL,
	"log" jsonb NOT NULL,
	"attacker_user_id" uuid,
	"defender_user_id" uuid,
	"attacker_bot_id" uuid,
	"defender_bot_id" uuid,
	"xp_gained" integer DEFAULT 0 NOT NULL,
	"coins_moved" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battles_kind_valid" CHECK (kind in ('ai', 'pvp', 'tournament')),
	CONSTRAINT "battles_winner_valid" CHECK (winner in ('attacker', 'defender')),
	CONSTRAINT "battles_xp_non_negative" CHECK ("battles"."xp_gained" >= 0),
	CONSTRAINT "battles_coins_moved_non_negative" CHECK ("battles"."coins_moved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bot_image_library" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rarity" text NOT NULL,
	"bot_class" text DEFAULT 'hero' NOT NULL,
	"model" text,
	"color_primary" text,
	"color_secondary" text,
	"image_url" text NOT NULL,
	"is_claimed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_image_library_rarity_valid" CHECK (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary', 'diamond')),
	CONSTRAINT "bot_image_library_class_valid" CHECK (bot_class in ('hero', 'villain', 'support'))
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"class" text DEFAULT 'hero' NOT NULL,
	"rarity" text DEFAULT 'common' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"energy" integer DEFAULT 100 NOT NULL,
	"max_energy" integer DEFAULT 100 NOT NULL,
	"last_energy_update" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"strength" integer NOT NULL,
	"agility" integer NOT NULL,
	"defense" integer NOT NULL,
	"intelligence" integer NOT NULL,
	"available_points" integer DEFAULT 0 NOT NULL,
	"stat_points_allocated" boolean DEFAULT false NOT NULL,
	"durability" integer DEFAULT 100 NOT NULL,
	"max_durability" integer DEFAULT 100 NOT NULL,
	"color_primary" text NOT NULL,
	"color_secondary" text NOT NULL,
	"image_url" text,
	"image_generation_attempts" integer DEFAULT 0 NOT NULL,
	"equipped_weapon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bots_class_valid" CHECK (class in ('hero', 'villain', 'support')),
	CONSTRAINT "bots_rarity_valid" CHECK (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary', 'diamond')),
	CONSTRAINT "bots_name_length" CHECK (char_length("bots"."name") between 1 and 50),
	CONSTRAINT "bots_level_range" CHECK ("bots"."level" between 1 and 100000),
	CONSTRAINT "bots_xp_non_negative" CHECK ("bots"."xp" >= 0),
	CONSTRAINT "bots_record_non_negative" CHECK ("bots"."wins" >= 0 and "bots"."losses" >= 0),
	CONSTRAINT "bots_stats_range" CHECK (strength between 0 and 100000 and agility between 0 and 100000 and defense between 0 and 100000 and intelligence between 0 and 100000),
	CONSTRAINT "bots_available_points_non_negative" CHECK ("bots"."available_points" >= 0),
	CONSTRAINT "bots_energy_range" CHECK ("bots"."max_energy" > 0 and "bots"."energy" between 0 and "bots"."max_energy"),
	CONSTRAINT "bots_durability_range" CHECK ("bots"."max_durability" > 0 and "bots"."durability" between 0 and "bots"."max_durability"),
	CONSTRAINT "bots_image_generation_attempts_non_negative" CHECK ("bots"."image_generation_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cashout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gamertag" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashout_requests_amount_positive" CHECK ("cashout_requests"."amount" > 0),
	CONSTRAINT "cashout_requests_gamertag_length" CHECK (char_length("cashout_requests"."gamertag") between 1 and 35),
	CONSTRAINT "cashout_requests_status_valid" CHECK (status in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_length" CHECK (char_length("chat_messages"."message") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_account_valid" CHECK (account in ('wallet', 'vault')),
	CONSTRAINT "coin_ledger_delta_non_zero" CHECK ("coin_ledger"."delta" <> 0),
	CONSTRAINT "coin_ledger_balance_after_non_negative" CHECK ("coin_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'weapon' NOT NULL,
	"rarity" text NOT NULL,
	"price" integer NOT NULL,
	"strength_bonus" integer DEFAULT 0 NOT NULL,
	"agility_bonus" integer DEFAULT 0 NOT NULL,
	"defense_bonus" integer DEFAULT 0 NOT NULL,
	"intelligence_bonus" integer DEFAULT 0 NOT NULL,
	"ultimate_ability_name" text NOT NULL,
	"ultimate_ability_description" text NOT NULL,
	"ultimate_ability_type" text NOT NULL,
	"ultimate_ability_power" double precision NOT NULL,
	"ultimate_trigger_chance" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_name_unique" UNIQUE("name"),
	CONSTRAINT "equipment_price_positive" CHECK ("equipment"."price" > 0),
	CONSTRAINT "equipment_rarity_valid" CHECK (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary', 'diamond')),
	CONSTRAINT "equipment_ultimate_type_valid" CHECK (ultimate_ability_type in ('damage', 'special', 'heal')),
	CONSTRAINT "equipment_ultimate_power_positive" CHECK ("equipment"."ultimate_ability_power" > 0),
	CONSTRAINT "equipment_trigger_chance_range" CHECK ("equipment"."ultimate_trigger_chance" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "guild_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"user_id" uuid,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_contributions_amount_positive" CHECK ("guild_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "guild_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"contribution_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_members_one_guild_per_user" UNIQUE("user_id"),
	CONSTRAINT "guild_members_role_valid" CHECK (role in ('leader', 'officer', 'member')),
	CONSTRAINT "guild_members_contribution_non_negative" CHECK ("guild_members"."contribution_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guild_war_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"war_id" uuid NOT NULL,
	"guild_id" uuid NOT NULL,
	"total_power" integer DEFAULT 0 NOT NULL,
	"placement" integer,
	"prize_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_war_participants_war_guild_unique" UNIQUE("war_id","guild_id"),
	CONSTRAINT "guild_war_participants_placement_positive" CHECK ("guild_war_participants"."placement" is null or "guild_war_participants"."placement" >= 1),
	CONSTRAINT "guild_war_participants_prize_non_negative" CHECK ("guild_war_participants"."prize_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guild_wars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'registration' NOT NULL,
	"registration_ends_at" timestamp with time zone,
	"battle_ends_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"first_place_reward" integer DEFAULT 0 NOT NULL,
	"second_place_reward" integer DEFAULT 0 NOT NULL,
	"third_place_reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_wars_status_valid" CHECK (status in ('registration', 'battle', 'completed')),
	CONSTRAINT "guild_wars_rewards_non_negative" CHECK ("guild_wars"."first_place_reward" >= 0 and "guild_wars"."second_place_reward" >= 0 and "guild_wars"."third_place_reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guilds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"description" text,
	"owner_id" uuid,
	"member_count" integer DEFAULT 0 NOT NULL,
	"max_members" integer DEFAULT 20 NOT NULL,
	"bank_balance" integer DEFAULT 0 NOT NULL,
	"total_power" integer DEFAULT 0 NOT NULL,
	"is_eligible_for_war" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guilds_name_length" CHECK (char_length("guilds"."name") between 1 and 30),
	CONSTRAINT "guilds_tag_length" CHECK (char_length("guilds"."tag") between 1 and 5),
	CONSTRAINT "guilds_member_count_range" CHECK ("guilds"."member_count" between 0 and "guilds"."max_members"),
	CONSTRAINT "guilds_bank_non_negative" CHECK ("guilds"."bank_balance" >= 0),
	CONSTRAINT "guilds_power_non_negative" CHECK ("guilds"."total_power" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"is_equipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_bot_unique" UNIQUE("bot_id"),
	CONSTRAINT "marketplace_listings_price_positive" CHECK ("marketplace_listings"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid,
	"seller_id" uuid,
	"buyer_id" uuid,
	"rarity" text NOT NULL,
	"level" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_sales_price_positive" CHECK ("marketplace_sales"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "music_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist" text,
	"file_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"vault_coins" integer DEFAULT 0 NOT NULL,
	"vault_deposits_today" integer DEFAULT 0 NOT NULL,
	"last_vault_deposit_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_coins_non_negative" CHECK ("profiles"."coins" >= 0),
	CONSTRAINT "profiles_vault_coins_non_negative" CHECK ("profiles"."vault_coins" >= 0),
	CONSTRAINT "profiles_vault_deposits_today_non_negative" CHECK ("profiles"."vault_deposits_today" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_name_unique" UNIQUE("name"),
	CONSTRAINT "shop_items_price_positive" CHECK ("shop_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "summon_rolls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" uuid,
	"mode" text NOT NULL,
	"rarity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "summon_rolls_mode_valid" CHECK (mode in ('single', 'ten')),
	CONSTRAINT "summon_rolls_rarity_valid" CHECK (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary', 'diamond'))
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"match_number" integer NOT NULL,
	"participant1_id" uuid,
	"participant2_id" uuid,
	"winner_id" uuid,
	"battle_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_matches_slot_unique" UNIQUE("tournament_id","round","match_number"),
	CONSTRAINT "tournament_matches_status_valid" CHECK (status in ('pending', 'in_progress', 'completed')),
	CONSTRAINT "tournament_matches_round_positive" CHECK ("tournament_matches"."round" >= 1 and "tournament_matches"."match_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"is_ready" boolean DEFAULT false NOT NULL,
	"total_strength" integer DEFAULT 0 NOT NULL,
	"prize_won" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_participants_tournament_user_unique" UNIQUE("tournament_id","user_id"),
	CONSTRAINT "tournament_participants_prize_non_negative" CHECK ("tournament_participants"."prize_won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_ready_phase" boolean DEFAULT true NOT NULL,
	"bracket_generated" boolean DEFAULT false NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"current_players" integer DEFAULT 0 NOT NULL,
	"min_players" integer NOT NULL,
	"max_players" integer NOT NULL,
	"entry_fee_mode" text DEFAULT 'admin' NOT NULL,
	"prize_pool" integer DEFAULT 0 NOT NULL,
	"first_place_reward" integer DEFAULT 0 NOT NULL,
	"second_place_reward" integer DEFAULT 0 NOT NULL,
	"third_place_reward" integer DEFAULT 0 NOT NULL,
	"registration_ends_at" timestamp with time zone,
	"battle_ends_at" timestamp with time zone,
	"spectator_enabled" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_status_valid" CHECK (status in ('registration', 'pending', 'active', 'completed', 'archived')),
	CONSTRAINT "tournaments_entry_fee_mode_valid" CHECK (entry_fee_mode in ('player', 'admin')),
	CONSTRAINT "tournaments_player_bounds" CHECK ("tournaments"."min_players" >= 2 and "tournaments"."max_players" >= "tournaments"."min_players"),
	CONSTRAINT "tournaments_current_players_range" CHECK ("tournaments"."current_players" between 0 and "tournaments"."max_players"),
	CONSTRAINT "tournaments_rewards_non_negative" CHECK ("tournaments"."prize_pool" >= 0 and "tournaments"."first_place_reward" >= 0 and "tournaments"."second_place_reward" >= 0 and "tournaments"."third_place_reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_role_unique" UNIQUE("user_id","role"),
	CONSTRAINT "user_roles_role_valid" CHECK (role in ('admin'))
);
--> statement-breakpoint
ALTER TABLE "ai_opponents" ADD CONSTRAINT "ai_opponents_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_opponents" ADD CONSTRAINT "ai_opponents_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_attacker_user_id_profiles_id_fk" FOREIGN KEY ("attacker_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_defender_user_id_profiles_id_fk" FOREIGN KEY ("defender_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_attacker_bot_id_bots_id_fk" FOREIGN KEY ("attacker_bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_defender_bot_id_bots_id_fk" FOREIGN KEY ("defender_bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_equipped_weapon_id_equipment_id_fk" FOREIGN KEY ("equipped_weapon_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_contributions" ADD CONSTRAINT "guild_contributions_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_contributions" ADD CONSTRAINT "guild_contributions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_participants" ADD CONSTRAINT "guild_war_participants_war_id_guild_wars_id_fk" FOREIGN KEY ("war_id") REFERENCES "public"."guild_wars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_war_participants" ADD CONSTRAINT "guild_war_participants_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sales" ADD CONSTRAINT "marketplace_sales_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sales" ADD CONSTRAINT "marketplace_sales_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sales" ADD CONSTRAINT "marketplace_sales_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summon_rolls" ADD CONSTRAINT "summon_rolls_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summon_rolls" ADD CONSTRAINT "summon_rolls_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_participant1_id_tournament_participants_id_fk" FOREIGN KEY ("participant1_id") REFERENCES "public"."tournament_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_participant2_id_tournament_participants_id_fk" FOREIGN KEY ("participant2_id") REFERENCES "public"."tournament_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_winner_id_tournament_participants_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."tournament_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battles_time_idx" ON "battles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "battles_attacker_bot_time_idx" ON "battles" USING btree ("attacker_bot_id","created_at");--> statement-breakpoint
CREATE INDEX "battles_defender_bot_time_idx" ON "battles" USING btree ("defender_bot_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_image_library_slot_idx" ON "bot_image_library" USING btree ("rarity","bot_class","is_claimed");--> statement-breakpoint
CREATE INDEX "bots_user_idx" ON "bots" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bots_one_active_per_user" ON "bots" USING btree ("user_id") WHERE "bots"."is_active";--> statement-breakpoint
CREATE INDEX "bots_leaderboard_idx" ON "bots" USING btree ("wins" DESC NULLS LAST,"xp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bots_level_idx" ON "bots" USING btree ("level" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cashout_requests_user_idx" ON "cashout_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_time_idx" ON "chat_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_user_time_idx" ON "coin_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_price_idx" ON "equipment" USING btree ("price");--> statement-breakpoint
CREATE INDEX "guild_contributions_guild_time_idx" ON "guild_contributions" USING btree ("guild_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guild_members_guild_idx" ON "guild_members" USING btree ("guild_id");--> statement-breakpoint
CREATE INDEX "guild_war_participants_power_idx" ON "guild_war_participants" USING btree ("war_id","total_power" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guild_wars_status_time_idx" ON "guild_wars" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_lower_unique" ON "guilds" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_tag_lower_unique" ON "guilds" USING btree (lower("tag"));--> statement-breakpoint
CREATE INDEX "guilds_power_idx" ON "guilds" USING btree ("total_power" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_user_idx" ON "inventory" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_one_equipped_per_user" ON "inventory" USING btree ("user_id") WHERE "inventory"."is_equipped";--> statement-breakpoint
CREATE INDEX "marketplace_listings_time_idx" ON "marketplace_listings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_listings_seller_idx" ON "marketplace_listings" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "marketplace_sales_time_idx" ON "marketplace_sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "marketplace_sales_rarity_level_idx" ON "marketplace_sales" USING btree ("rarity","level");--> statement-breakpoint
CREATE INDEX "music_tracks_order_idx" ON "music_tracks" USING btree ("sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_lower_unique" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_unique" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "summon_rolls_user_idx" ON "summon_rolls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tournament_participants_strength_idx" ON "tournament_participants" USING btree ("tournament_id","total_strength" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournaments_status_time_idx" ON "tournaments" USING btree ("status","created_at" DESC NULLS LAST);