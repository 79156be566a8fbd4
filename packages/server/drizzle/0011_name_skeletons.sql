-- Confusable skeletons (Unicode TS #39) of usernames, guild names and guild tags, unique (guilds: live ones).
-- The columns start empty: the skeleton needs Unicode's look-alike table, which lives in the rulebook
-- (packages/game, nameSkeleton), not in SQL. The server fills them at start (src/platform/seed/name-skeletons.ts);
-- where two names stored before this rule look alike, the older keeps the skeleton, the newer stays null and is
-- named in a warning at every start. Nothing is renamed.
ALTER TABLE "guilds" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "tag_skeleton" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_skeleton_unique" ON "guilds" USING btree ("name_skeleton") WHERE "guilds"."disbanded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_tag_skeleton_unique" ON "guilds" USING btree ("tag_skeleton") WHERE "guilds"."disbanded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_skeleton_unique" ON "profiles" USING btree ("username_skeleton");