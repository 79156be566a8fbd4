ALTER TABLE "guilds" ADD COLUMN "seat_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "war_drill_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "banner_color" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "banner_emblem" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_seat_level_range" CHECK ("guilds"."seat_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_war_drill_level_range" CHECK ("guilds"."war_drill_level" between 0 and 2);--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_banner_whole" CHECK (("guilds"."banner_color" is null) = ("guilds"."banner_emblem" is null));