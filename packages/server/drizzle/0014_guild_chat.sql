DROP INDEX "chat_messages_time_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "guild_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "kind" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_channel_time_idx" ON "chat_messages" USING btree ("guild_id","created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_kind_valid" CHECK (kind in ('player', 'system'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_system_in_guild" CHECK ("chat_messages"."kind" = 'player' or ("chat_messages"."user_id" is null and "chat_messages"."guild_id" is not null));