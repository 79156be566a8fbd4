CREATE TABLE "account_sightings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "account_sightings_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "account_sightings_kind_valid" CHECK (kind in ('device', 'address'))
);
--> statement-breakpoint
CREATE TABLE "cashout_gamertags" (
	"gamertag" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "stage" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
-- Written by hand: requests settled before stages existed are done; pending ones stay with the operators (manual).
UPDATE "cashout_requests" SET "stage" = 'done' WHERE "status" <> 'pending';--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "risk_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "risk_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "amount_msats" text;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "invoice" text;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "account_sightings" ADD CONSTRAINT "account_sightings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashout_gamertags" ADD CONSTRAINT "cashout_gamertags_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sightings_value_idx" ON "account_sightings" USING btree ("kind","value");--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battles_attacker_user_idx" ON "battles" USING btree ("attacker_user_id");--> statement-breakpoint
CREATE INDEX "battles_defender_user_idx" ON "battles" USING btree ("defender_user_id");--> statement-breakpoint
CREATE INDEX "cashout_requests_due_idx" ON "cashout_requests" USING btree ("next_due_at") WHERE "cashout_requests"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "cashout_requests_gamertag_idx" ON "cashout_requests" USING btree (lower("gamertag"),"created_at");--> statement-breakpoint
CREATE INDEX "marketplace_sales_seller_idx" ON "marketplace_sales" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_stage_valid" CHECK (stage in ('review', 'manual', 'queued', 'sending', 'confirming', 'held', 'done'));--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_done_when_settled" CHECK (("cashout_requests"."status" = 'pending') = ("cashout_requests"."stage" <> 'done'));