CREATE TABLE "war_muster_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "guild_wars" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_wars" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "war_muster_requests_due_idx" ON "war_muster_requests" USING btree ("due_at");--> statement-breakpoint
-- A guild that becomes eligible for a war asks for a muster in the same transaction, so a crash after the
-- donation's commit cannot leave eight eligible guilds waiting: the runner claims the request like any deadline.
CREATE FUNCTION guilds_request_muster() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO war_muster_requests DEFAULT VALUES;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER guilds_request_muster_on_update AFTER UPDATE ON guilds
  FOR EACH ROW WHEN (NEW.is_eligible_for_war AND NOT OLD.is_eligible_for_war)
  EXECUTE FUNCTION guilds_request_muster();
--> statement-breakpoint
CREATE TRIGGER guilds_request_muster_on_insert AFTER INSERT ON guilds
  FOR EACH ROW WHEN (NEW.is_eligible_for_war) EXECUTE FUNCTION guilds_request_muster();
--> statement-breakpoint
-- Guilds already eligible before this migration get one muster at the next start.
INSERT INTO war_muster_requests (due_at) SELECT '-infinity' WHERE EXISTS (SELECT 1 FROM guilds WHERE is_eligible_for_war);
