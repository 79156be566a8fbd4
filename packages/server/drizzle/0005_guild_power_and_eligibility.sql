-- Guild power and war eligibility are kept current by the database itself, whichever feature changes a bot
-- (activate, train, allocate, level up, fuse, recycle, sell) or a membership: no code path can forget them.

-- A guild's power: the sum of its members' active bots' total strength.
CREATE FUNCTION guild_power_refresh(member_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE guilds g SET total_power = coalesce((
      SELECT sum(b.strength + b.agility + b.defense + b.intelligence)
      FROM guild_members m JOIN bots b ON b.user_id = m.user_id AND b.is_active
      WHERE m.guild_id = g.id), 0)
  WHERE g.id = (SELECT guild_id FROM guild_members WHERE user_id = member_id);
$$;
--> statement-breakpoint
CREATE FUNCTION guild_power_on_bot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM guild_power_refresh(OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
    PERFORM guild_power_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows that are or were a player's active bot can change a guild's power.
CREATE TRIGGER bots_guild_power_insert AFTER INSERT ON bots
  FOR EACH ROW WHEN (NEW.is_active) EXECUTE FUNCTION guild_power_on_bot();
--> statement-breakpoint
CREATE TRIGGER bots_guild_power_update AFTER UPDATE OF is_active, strength, agility, defense, intelligence, level, user_id ON bots
  FOR EACH ROW WHEN (OLD.is_active OR NEW.is_active) EXECUTE FUNCTION guild_power_on_bot();
--> statement-breakpoint
CREATE TRIGGER bots_guild_power_delete AFTER DELETE ON bots
  FOR EACH ROW WHEN (OLD.is_active) EXECUTE FUNCTION guild_power_on_bot();
--> statement-breakpoint
CREATE FUNCTION guild_power_on_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guilds g SET total_power = coalesce((
      SELECT sum(b.strength + b.agility + b.defense + b.intelligence)
      FROM guild_members m JOIN bots b ON b.user_id = m.user_id AND b.is_active
      WHERE m.guild_id = g.id), 0)
  WHERE g.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.guild_id ELSE NEW.guild_id END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER guild_members_power AFTER INSERT OR DELETE ON guild_members
  FOR EACH ROW EXECUTE FUNCTION guild_power_on_membership();
--> statement-breakpoint
-- War eligibility: 500 coins in the bank, not fighting a war, not disbanded; set on every write of the row.
CREATE FUNCTION guilds_war_eligibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_eligible_for_war := NEW.bank_balance >= 500 AND NEW.current_war_id IS NULL AND NEW.disbanded_at IS NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER guilds_war_eligibility BEFORE INSERT OR UPDATE ON guilds
  FOR EACH ROW EXECUTE FUNCTION guilds_war_eligibility();
