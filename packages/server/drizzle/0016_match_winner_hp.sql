ALTER TABLE "tournament_matches" ADD COLUMN "winner_hp" integer;--> statement-breakpoint
-- Matches fought before the column: the winner's HP from the stored battle's result, read once here so the
-- bracket never has to open a battle's log.
UPDATE "tournament_matches" AS "m" SET "winner_hp" = CASE "b"."winner"
    WHEN 'attacker' THEN ("b"."log"->>'attackerHp')::int
    ELSE ("b"."log"->>'defenderHp')::int END
FROM "battles" AS "b" WHERE "b"."id" = "m"."battle_id" AND "m"."winner_hp" IS NULL;
