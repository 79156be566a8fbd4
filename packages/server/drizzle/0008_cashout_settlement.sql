ALTER TABLE "cashout_requests" DROP CONSTRAINT "cashout_requests_status_valid";--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_settled_by_profiles_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashout_requests_queue_idx" ON "cashout_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_settled_when" CHECK (("cashout_requests"."status" = 'pending') = ("cashout_requests"."settled_at" is null));--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_paid_reference" CHECK ("cashout_requests"."status" <> 'paid' or "cashout_requests"."provider_ref" is not null);--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_refund_reason" CHECK ("cashout_requests"."status" <> 'refunded' or "cashout_requests"."refund_reason" is not null);--> statement-breakpoint
ALTER TABLE "cashout_requests" ADD CONSTRAINT "cashout_requests_status_valid" CHECK (status in ('pending', 'paid', 'refunded'));