CREATE TABLE "live_presence" (
	"node" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_node_user_id_pk" PRIMARY KEY("node","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_muted_kinds" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "push_muted_kinds_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "push_muted_kinds_kind_length" CHECK (char_length("push_muted_kinds"."kind") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "push_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"last_data" jsonb NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "push_pending_user_kind_unique" UNIQUE("user_id","kind"),
	CONSTRAINT "push_pending_count_positive" CHECK ("push_pending"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("push_subscriptions"."endpoint") between 1 and 1024)
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_muted_kinds" ADD CONSTRAINT "push_muted_kinds_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_pending" ADD CONSTRAINT "push_pending_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_presence_user_idx" ON "live_presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_pending_due_idx" ON "push_pending" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");