ALTER TABLE "coin_ledger" DROP CONSTRAINT "coin_ledger_account_valid";--> statement-breakpoint
DROP INDEX "guilds_name_lower_unique";--> statement-breakpoint
DROP INDEX "guilds_tag_lower_unique";--> statement-breakpoint
ALTER TABLE "battles" ALTER COLUMN "coins_moved" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cashout_requests" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "balance_after" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "equipment" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_contributions" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_members" ALTER COLUMN "contribution_total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_war_participants" ALTER COLUMN "prize_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_wars" ALTER COLUMN "first_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_wars" ALTER COLUMN "second_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guild_wars" ALTER COLUMN "third_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "guilds" ALTER COLUMN "bank_balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_sales" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "coins" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "vault_coins" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shop_items" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tournament_participants" ALTER COLUMN "prize_won" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tournaments" ALTER COLUMN "prize_pool" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tournaments" ALTER COLUMN "first_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tournaments" ALTER COLUMN "second_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tournaments" ALTER COLUMN "third_place_reward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "tournament_id" uuid;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "guild_id" uuid;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "war_id" uuid;--> statement-breakpoint
ALTER TABLE "guild_wars" ADD COLUMN "pool_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "disbanded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "pool_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_war_id_guild_wars_id_fk" FOREIGN KEY ("war_id") REFERENCES "public"."guild_wars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_tournament_idx" ON "coin_ledger" USING btree ("tournament_id") WHERE "coin_ledger"."tournament_id" is not null;--> statement-breakpoint
CREATE INDEX "coin_ledger_guild_time_idx" ON "coin_ledger" USING btree ("guild_id","created_at") WHERE "coin_ledger"."guild_id" is not null;--> statement-breakpoint
CREATE INDEX "coin_ledger_war_idx" ON "coin_ledger" USING btree ("war_id") WHERE "coin_ledger"."war_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_lower_unique" ON "guilds" USING btree (lower("name")) WHERE "guilds"."disbanded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_tag_lower_unique" ON "guilds" USING btree (lower("tag")) WHERE "guilds"."disbanded_at" is null;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_one_owner" CHECK (case "coin_ledger"."account"
        when 'tournament_pool' then "coin_ledger"."tournament_id" is not null and num_nonnulls("coin_ledger"."user_id", "coin_ledger"."guild_id", "coin_ledger"."war_id") = 0
        when 'guild_bank' then "coin_ledger"."guild_id" is not null and num_nonnulls("coin_ledger"."user_id", "coin_ledger"."tournament_id", "coin_ledger"."war_id") = 0
        when 'war_pool' then "coin_ledger"."war_id" is not null and num_nonnulls("coin_ledger"."user_id", "coin_ledger"."tournament_id", "coin_ledger"."guild_id") = 0
        else "coin_ledger"."user_id" is not null and num_nonnulls("coin_ledger"."tournament_id", "coin_ledger"."guild_id", "coin_ledger"."war_id") = 0 end);--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_account_valid" CHECK (account in ('wallet', 'vault', 'tournament_pool', 'guild_bank', 'war_pool'));--> statement-breakpoint
ALTER TABLE "guild_wars" ADD CONSTRAINT "guild_wars_pool_balance_non_negative" CHECK ("guild_wars"."pool_balance" >= 0);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_pool_balance_non_negative" CHECK ("tournaments"."pool_balance" >= 0);