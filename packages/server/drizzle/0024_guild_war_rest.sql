ALTER TABLE "guilds" ADD COLUMN "rests_until" timestamp with time zone;
--> statement-breakpoint
-- A guild resting after its war is not eligible, whatever its bank holds; the muster clears a rest that has
-- passed (by the runner's clock, which a test may move), and the muster request trigger (migration 0010) fires.
CREATE OR REPLACE FUNCTION guilds_war_eligibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_eligible_for_war := NEW.bank_balance >= 500 AND NEW.current_war_id IS NULL AND NEW.disbanded_at IS NULL
    AND NOT NEW.sits_out_next_war AND NEW.rests_until IS NULL;
  RETURN NEW;
END;
$$;
