CREATE TABLE "chat_hidden_players" (
	"user_id" uuid NOT NULL,
	"hidden_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_hidden_players_pair" UNIQUE("user_id","hidden_user_id"),
	CONSTRAINT "chat_hidden_players_not_self" CHECK ("chat_hidden_players"."user_id" <> "chat_hidden_players"."hidden_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"muted_by" uuid,
	"reason" text NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mutes_reason_length" CHECK (char_length("chat_mutes"."reason") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reports_once_per_reporter" UNIQUE("message_id","reporter_id"),
	CONSTRAINT "chat_reports_reason_length" CHECK (char_length("chat_reports"."reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "chat_hidden_players" ADD CONSTRAINT "chat_hidden_players_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_hidden_players" ADD CONSTRAINT "chat_hidden_players_hidden_user_id_profiles_id_fk" FOREIGN KEY ("hidden_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_by_profiles_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mutes_user_idx" ON "chat_mutes" USING btree ("user_id","muted_until");--> statement-breakpoint
CREATE INDEX "chat_reports_time_idx" ON "chat_reports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_profiles_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_user_time_idx" ON "chat_messages" USING btree ("user_id","created_at");