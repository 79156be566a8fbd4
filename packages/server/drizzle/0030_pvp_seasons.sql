CREATE TABLE "pvp_season_standings" (
	"season_number" integer NOT NULL,
	"place" integer NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"rating" double precision NOT NULL,
	"battles" integer NOT NULL,
	"badge" text,
	"title" text,
	"coins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pvp_season_standings_season_number_place_pk" PRIMARY KEY("season_number","place"),
	CONSTRAINT "pvp_season_standings_place_positive" CHECK ("pvp_season_standings"."place" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pvp_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"prize_first" bigint DEFAULT 0 NOT NULL,
	"prize_second" bigint DEFAULT 0 NOT NULL,
	"prize_third" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "pvp_seasons_number_unique" UNIQUE("number"),
	CONSTRAINT "pvp_seasons_window" CHECK ("pvp_seasons"."starts_at" <= "pvp_seasons"."frozen_at" and "pvp_seasons"."frozen_at" <= "pvp_seasons"."ends_at"),
	CONSTRAINT "pvp_seasons_prizes_non_negative" CHECK ("pvp_seasons"."prize_first" >= 0 and "pvp_seasons"."prize_second" >= 0 and "pvp_seasons"."prize_third" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pilot_ratings" ADD COLUMN "season_battles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_season_standings" ADD CONSTRAINT "pvp_season_standings_season_number_pvp_seasons_number_fk" FOREIGN KEY ("season_number") REFERENCES "public"."pvp_seasons"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_season_standings" ADD CONSTRAINT "pvp_season_standings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_season_standings_pilot" ON "pvp_season_standings" USING btree ("season_number","user_id");--> statement-breakpoint
CREATE INDEX "pvp_season_standings_badges" ON "pvp_season_standings" USING btree ("user_id","season_number") WHERE "pvp_season_standings"."badge" is not null;--> statement-breakpoint
CREATE INDEX "pvp_seasons_due_idx" ON "pvp_seasons" USING btree ("next_due_at") WHERE "pvp_seasons"."next_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_seasons_one_open" ON "pvp_seasons" USING btree ((true)) WHERE "pvp_seasons"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "pilot_ratings" ADD CONSTRAINT "pilot_ratings_season_battles_non_negative" CHECK ("pilot_ratings"."season_battles" >= 0);