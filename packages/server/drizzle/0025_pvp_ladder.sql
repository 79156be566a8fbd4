CREATE TABLE "pilot_ratings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rating" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"last_rated_at" timestamp with time zone,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"shield_until" timestamp with time zone,
	CONSTRAINT "pilot_ratings_record_non_negative" CHECK ("pilot_ratings"."wins" >= 0 and "pilot_ratings"."losses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pvp_results" (
	"battle_id" uuid PRIMARY KEY NOT NULL,
	"attacker_user_id" uuid NOT NULL,
	"defender_user_id" uuid NOT NULL,
	"defender_won" boolean NOT NULL,
	"rated" boolean NOT NULL,
	"attacker_rating_before" double precision NOT NULL,
	"attacker_rating_after" double precision NOT NULL,
	"defender_rating_before" double precision NOT NULL,
	"defender_rating_after" double precision NOT NULL,
	"revenge_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pilot_ratings" ADD CONSTRAINT "pilot_ratings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_results" ADD CONSTRAINT "pvp_results_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_results" ADD CONSTRAINT "pvp_results_attacker_user_id_profiles_id_fk" FOREIGN KEY ("attacker_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_results" ADD CONSTRAINT "pvp_results_defender_user_id_profiles_id_fk" FOREIGN KEY ("defender_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_results" ADD CONSTRAINT "pvp_results_revenge_of_pvp_results_battle_id_fk" FOREIGN KEY ("revenge_of") REFERENCES "public"."pvp_results"("battle_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pilot_ratings_rating_idx" ON "pilot_ratings" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "pvp_results_defender_time_idx" ON "pvp_results" USING btree ("defender_user_id","created_at");--> statement-breakpoint
CREATE INDEX "pvp_results_attacker_time_idx" ON "pvp_results" USING btree ("attacker_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_results_revenge_once" ON "pvp_results" USING btree ("revenge_of");