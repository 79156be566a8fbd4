ALTER TABLE "tournaments" DROP CONSTRAINT "tournaments_rewards_non_negative";--> statement-breakpoint
ALTER TABLE "tournaments" DROP COLUMN "prize_pool";--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_rewards_non_negative" CHECK ("tournaments"."first_place_reward" >= 0 and "tournaments"."second_place_reward" >= 0 and "tournaments"."third_place_reward" >= 0);