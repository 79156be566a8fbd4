// Linked accounts: accounts seen on one device (the `ba_device` cookie) or one address at sign-up or sign-in, the
// two sightings within the link window of each other. A farm of fresh accounts made on one machine shares both;
// so may a household, which is why a link holds a cash-out for an operator rather than refusing it. The coins
// that moved between linked accounts are read from the tables that record each move with both sides: marketplace
// sales (buyer to seller), PvP stakes (loser to winner) and tournament pools (a linked entrant's fee to a prize).
import { createHmac } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import { accountSightings } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

/** A busy shared address (a campus, a mobile carrier) could link thousands: an operator reads the first ones. */
export const LINKED_ACCOUNTS_MAX = 50;

export type Sighting = { device: string | null; address: string | null };

// Keyed, so a stolen table cannot be matched against a list of addresses; the key only has to be the same on
// every process and every start, and a sighting is no secret beyond that.
const hash = (kind: string, value: string) =>
  createHmac("sha256", "bot-arena account sightings")
    .update(`${kind}:${value}`)
    .digest("base64url")
    .slice(0, 32);

/** Records where an account signed up or signed in from (one statement; the first and last time per value). */
export async function recordSighting(db: Db, userId: UserId, seen: Sighting, now: Date): Promise<void> {
  const values = [
    ...(seen.device ? [{ kind: "device" as const, value: hash("device", seen.device) }] : []),
    ...(seen.address ? [{ kind: "address" as const, value: hash("address", seen.address) }] : []),
  ].map((row) => ({ ...row, userId, firstSeen: now, lastSeen: now }));
  if (values.length === 0) return;
  await db
    .insert(accountSightings)
    .values(values)
    .onConflictDoUpdate({
      target: [accountSightings.userId, accountSightings.kind, accountSightings.value],
      set: { lastSeen: sql`greatest(${accountSightings.lastSeen}, excluded.last_seen)` },
    });
}

/** A year: a device that signed in to (or made) the account within it is remembered for sign-ins. */
export const DEVICE_REMEMBERED_DAYS = 365;

/**
 * Whether this browser's device token signed up or signed in to the account with this e-mail within a year: such
 * a device signs in apart from strangers' guesses (auth/guessing.ts). Kept in the database with the account's
 * sightings, so a Redis restart forgets no device (issue 45, item 7).
 */
export async function deviceKnownFor(db: Db, email: string, device: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - DEVICE_REMEMBERED_DAYS * 24 * 60 * 60 * 1000);
  const result = await db.execute(sql`
    select 1 as known from account_sightings s join profiles p on p.id = s.user_id
    where lower(p.email) = lower(${email.trim()}) and s.kind = 'device' and s.value = ${hash("device", device)}
      and s.last_seen >= ${since.toISOString()}::timestamptz
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * The ids of the accounts linked to `userId` (the rule above, without the operators' cap), as a subquery: the
 * PvP list leaves them out and a challenge of one is refused.
 */
export const linkedIdsSql = (userId: SQL | UserId, windowDays: number): SQL => sql`
  select other.user_id from account_sightings mine
  join account_sightings other
    on other.kind = mine.kind and other.value = mine.value and other.user_id <> mine.user_id
    and other.first_seen <= mine.last_seen + ${`${windowDays} days`}::interval
    and mine.first_seen <= other.last_seen + ${`${windowDays} days`}::interval
  where mine.user_id = ${userId}`;

export type Link = { userId: UserId; username: string; device: boolean; address: boolean; frozen: boolean };

/** The accounts linked to `userId`, device links first, then by name. */
export async function linkedAccounts(db: Db, userId: UserId, windowDays: number): Promise<Link[]> {
  const window = `${windowDays} days`;
  const result = await db.execute(sql`
    select other.user_id as "userId", p.username, bool_or(other.kind = 'device') as device,
      bool_or(other.kind = 'address') as address, p.frozen_at is not null as frozen
    from account_sightings mine
    join account_sightings other
      on other.kind = mine.kind and other.value = mine.value and other.user_id <> mine.user_id
      and other.first_seen <= mine.last_seen + ${window}::interval
      and mine.first_seen <= other.last_seen + ${window}::interval
    join profiles p on p.id = other.user_id
    where mine.user_id = ${userId}
    group by other.user_id, p.username, p.frozen_at
    order by bool_or(other.kind = 'device') desc, p.username
    limit ${LINKED_ACCOUNTS_MAX}`);
  return rowsOf<Link>(result);
}

/** Coins that moved from any of `from` to any of `to`, by pair ("from>to"). */
async function flows(db: Db, from: readonly UserId[], to: readonly UserId[]): Promise<Map<string, number>> {
  if (from.length === 0 || to.length === 0) return new Map();
  const fromIds = `{${from.join(",")}}`;
  const toIds = `{${to.join(",")}}`;
  const result = await db.execute(sql`
    with prizes as materialized (
      select user_id, ref_id, delta from coin_ledger
      where user_id = any(${toIds}::uuid[]) and reason = 'tournament_prize'
    )
    select f::text as "from", t::text as "to", sum(c)::text as coins from (
      select buyer_id as f, seller_id as t, price as c from marketplace_sales
      where seller_id = any(${toIds}::uuid[]) and buyer_id = any(${fromIds}::uuid[])
      union all
      select case when winner = 'attacker' then defender_user_id else attacker_user_id end,
        case when winner = 'attacker' then attacker_user_id else defender_user_id end, coins_moved
      from battles
      where kind = 'pvp' and coins_moved > 0 and (
        (winner = 'attacker' and attacker_user_id = any(${toIds}::uuid[]) and defender_user_id = any(${fromIds}::uuid[]))
        or (winner = 'defender' and defender_user_id = any(${toIds}::uuid[]) and attacker_user_id = any(${fromIds}::uuid[])))
      union all
      select fee.ref_id::uuid, prize.user_id, least(fee.delta, prize.delta)
      from prizes prize
      join coin_ledger fee on fee.tournament_id = prize.ref_id::uuid and fee.account = 'tournament_pool'
        and fee.reason = 'tournament_entry' and fee.ref_id = any(${fromIds}::text[])
    ) moved group by f, t`);
  return new Map(
    rowsOf<{ from: string; to: string; coins: string }>(result).map((row) => [
      `${row.from}>${row.to}`,
      Number(row.coins),
    ]),
  );
}

export type LinkWithCoins = Link & { coinsIn: number; coinsOut: number };

/** The linked accounts with the coins that reached `userId` from each and went the other way. */
export async function linksWithCoins(db: Db, userId: UserId, windowDays: number): Promise<LinkWithCoins[]> {
  const links = await linkedAccounts(db, userId, windowDays);
  const others = links.map((link) => link.userId);
  const [into, out] = await Promise.all([flows(db, others, [userId]), flows(db, [userId], others)]);
  return links.map((link) => ({
    ...link,
    coinsIn: into.get(`${link.userId}>${userId}`) ?? 0,
    coinsOut: out.get(`${userId}>${link.userId}`) ?? 0,
  }));
}
