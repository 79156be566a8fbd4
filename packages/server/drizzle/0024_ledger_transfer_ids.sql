ALTER TABLE "coin_ledger" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
CREATE INDEX "coin_ledger_transfer_idx" ON "coin_ledger" USING btree ("transfer_id") WHERE "coin_ledger"."transfer_id" is not null;--> statement-breakpoint
-- The rows written before this column get their transfer ids. A transfer's two rows were paired only by what
-- ledger.ts wrote into them: one transaction (one created_at), one reason family (the word before the first '_'),
-- the same amount out and in, and refs that name the same thing (a battle, a sale, a contribution, the vault) or
-- name each other (a wallet's row its tournament and the pool's row the player; a bank's row its war and the war
-- pool's row the guild). In such a group the k-th debit pairs with the k-th credit by id; the id is made from the
-- debit's row, so running this twice gives the same ids. A row left without a partner stays null, and the
-- economy audit names it.
WITH transfer_rows AS (
  SELECT id, delta, created_at, split_part(reason, '_', 1) AS family,
    CASE WHEN ref_type IN ('tournament', 'player', 'guild_war', 'guild')
      THEN least(coalesce(user_id, tournament_id, guild_id, war_id)::text, ref_id) || '|'
        || greatest(coalesce(user_id, tournament_id, guild_id, war_id)::text, ref_id)
      ELSE coalesce(ref_type, '') || ':' || coalesce(ref_id, '') END AS pair_key
  FROM coin_ledger
  WHERE transfer_id IS NULL
    AND reason ~ '^(vault|pvp|market|listing|trade|tournament|guild|war)'
    AND reason !~ '^(signup|admin_grant|recycle|house_reward|cashout|summon|shop|rename|refresh|repair|fusion|custom|guild_create|house_cut)'
), ranked AS (
  SELECT id, delta, created_at, family, pair_key,
    row_number() OVER (PARTITION BY created_at, family, abs(delta), pair_key, sign(delta) ORDER BY id) AS k
  FROM transfer_rows
), pairs AS (
  SELECT d.id AS debit_id, c.id AS credit_id
  FROM ranked d
  JOIN ranked c ON c.created_at = d.created_at AND c.family = d.family AND c.pair_key = d.pair_key
    AND c.delta = -d.delta AND c.k = d.k
  WHERE d.delta < 0
), legs AS (
  SELECT debit_id AS id, debit_id AS transfer_of FROM pairs
  UNION ALL SELECT credit_id, debit_id FROM pairs
)
UPDATE coin_ledger l SET transfer_id = md5('coin-transfer:' || legs.transfer_of)::uuid
FROM legs WHERE l.id = legs.id;
