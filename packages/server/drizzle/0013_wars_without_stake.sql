ALTER TABLE "guild_wars" ADD COLUMN "funding" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "sits_out_next_war" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_wars" ADD CONSTRAINT "guild_wars_funding_valid" CHECK (funding in ('house', 'stakes'));--> statement-breakpoint
-- Wars opened before this migration took a 500 stake from each bank: they finish under that rule, paying their
-- prizes from their pool. Every war opened from now on is paid by the house (the column's default).
UPDATE "guild_wars" SET "funding" = 'stakes';--> statement-breakpoint
-- A guild whose leader or an officer chose to sit out the next war is not eligible, whatever its bank holds;
-- choosing to be enlisted again makes it eligible, and the muster request trigger (migration 0010) fires.
CREATE OR REPLACE FUNCTION guilds_war_eligibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_eligible_for_war := NEW.bank_balance >= 500 AND NEW.current_war_id IS NULL AND NEW.disbanded_at IS NULL
    AND NOT NEW.sits_out_next_war;
  RETURN NEW;
END;
$$;
