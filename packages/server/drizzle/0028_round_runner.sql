ALTER TABLE "tournaments" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- A tournament in play keeps its current round's deadline: its start is counted back from it.
UPDATE "tournaments" SET "started_at" = "next_due_at" - make_interval(secs => "current_round" * "round_seconds")
WHERE "status" = 'active' AND "started_at" IS NULL AND "next_due_at" IS NOT NULL;--> statement-breakpoint
-- Single elimination now runs on its format like every other: a stored bracket's matches get the format's keys
-- (R<round>-<position>, B for the bronze match), so a tournament in play when this runs replays into the same
-- bracket. Positions count within a round in match-number order, as the old bracket numbered them.
UPDATE "tournament_matches" m SET "key" = k."key"
FROM (
  SELECT mm."id",
    CASE WHEN mm."third_place" THEN 'B'
      ELSE 'R' || mm."round" || '-' || row_number() OVER (
        PARTITION BY mm."tournament_id", mm."round", mm."third_place" ORDER BY mm."match_number")
    END AS "key"
  FROM "tournament_matches" mm
  JOIN "tournaments" t ON t."id" = mm."tournament_id"
  WHERE t."format" = 'single_elimination' AND mm."key" IS NULL
) k
WHERE m."id" = k."id";
