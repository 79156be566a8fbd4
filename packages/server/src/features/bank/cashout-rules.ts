// The house rules of cash-outs read from the database (the rules themselves are game/src/cashout.ts): how old the
// account is and how many battles it has fought, whether it is frozen, what it and a gamertag took out today,
// and what the risk assessment needs (linked accounts and their coins, other accounts on the gamertag, the
// account's requests of the last day).
import type { CashoutStanding } from "@bot-arena/contract";
import {
  type CashoutFacts,
  type CashoutRules,
  cashoutLockedMessage,
  cashoutMessages,
  cashoutProgress,
} from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { type LinkWithCoins, linksWithCoins } from "../account/links";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Battles are counted up to this (or the gate, if higher): the queue shows '100' for a seasoned player. */
export const BATTLES_COUNTED = 100;
const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

export type AccountStanding = {
  ageMs: number;
  battles: number;
  frozen: boolean;
  frozenReason: string | null;
  /** Coins in requests made today (UTC) that were not refunded. */
  takenToday: number;
};

/** One statement: the account's age, battles (counted up to the gate), freeze and today's cash-outs. */
export async function accountStanding(
  db: Db,
  userId: UserId,
  now: Date,
  rules: Pick<CashoutRules, "minBattles">,
): Promise<AccountStanding> {
  const result = await db.execute(sql`
    select extract(epoch from (${now.toISOString()}::timestamptz - p.created_at)) * 1000 as "ageMs",
      (select count(*)::int from (
        select 1 from battles b where b.attacker_user_id = p.id or b.defender_user_id = p.id
        limit ${Math.max(BATTLES_COUNTED, rules.minBattles)}) fought) as battles,
      p.frozen_at is not null as frozen, p.frozen_reason as "frozenReason",
      (select coalesce(sum(c.amount), 0)::text from cashout_requests c
        where c.user_id = p.id and c.status <> 'refunded' and c.created_at >= ${utcDayStart(now).toISOString()}::timestamptz
      ) as "takenToday"
    from profiles p where p.id = ${userId}`);
  const row = rowsOf<{
    ageMs: string | number;
    battles: number;
    frozen: boolean;
    frozenReason: string | null;
    takenToday: string;
  }>(result)[0];
  if (!row) throw new Error(`accountStanding: no profile ${userId}`);
  return {
    ageMs: Number(row.ageMs),
    battles: row.battles,
    frozen: row.frozen,
    frozenReason: row.frozenReason,
    takenToday: Number(row.takenToday),
  };
}

/** Coins asked for today (UTC) to this gamertag by any account, refunds left out. */
export async function gamertagTakenToday(db: Db, gamertag: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(amount), 0)::text as taken from cashout_requests
    where lower(gamertag) = lower(${gamertag}) and status <> 'refunded'
      and created_at >= ${utcDayStart(now).toISOString()}::timestamptz`);
  return Number(rowsOf<{ taken: string }>(result)[0]?.taken ?? 0);
}

/** What the bank page shows before the player asks: open or not, why, and how much may go now. */
export function standingView(
  account: AccountStanding,
  vaultCoins: number,
  rules: CashoutRules,
): CashoutStanding {
  const locked = cashoutLockedMessage(account, rules);
  const { daysToGo, battlesToGo } = cashoutProgress(account, rules);
  const open = locked === null && !account.frozen;
  const leftToday = Math.max(0, rules.dailyMax - account.takenToday);
  return {
    open,
    lockedMessage: account.frozen ? cashoutMessages.frozen : locked,
    frozen: account.frozen,
    minAccountDays: rules.minAccountDays,
    minBattles: rules.minBattles,
    daysToGo,
    battlesToGo,
    dailyMax: rules.dailyMax,
    leftToday,
    availableNow: open ? Math.min(vaultCoins, leftToday) : 0,
    autoMax: rules.autoMax,
  };
}

/** The facts of a request's risk assessment, read inside its transaction. */
export async function riskFacts(
  db: Db,
  input: { userId: UserId; gamertag: string; amount: number; now: Date; linkWindowDays: number },
): Promise<{ facts: CashoutFacts; links: LinkWithCoins[] }> {
  const [links, others, recent] = await Promise.all([
    linksWithCoins(db, input.userId, input.linkWindowDays),
    db.execute(sql`
      select distinct p.username from (
        select user_id from cashout_requests
        where lower(gamertag) = lower(${input.gamertag}) and user_id <> ${input.userId}
        union select user_id from cashout_gamertags
        where gamertag = lower(${input.gamertag}) and user_id <> ${input.userId}
      ) used join profiles p on p.id = used.user_id
      -- The account a gamertag was first paid to owns it: others asking for it do not count against the owner.
      where not exists (
        select 1 from cashout_gamertags own where own.gamertag = lower(${input.gamertag}) and own.user_id = ${input.userId})
      order by p.username`),
    db.execute(sql`
      select count(*)::int as n from cashout_requests
      where user_id = ${input.userId}
        and created_at > ${new Date(input.now.getTime() - DAY_MS).toISOString()}::timestamptz`),
  ]);
  return {
    links,
    facts: {
      amount: input.amount,
      linked: links,
      gamertagOthers: rowsOf<{ username: string }>(others).map((row) => row.username),
      requestsLastDay: rowsOf<{ n: number }>(recent)[0]?.n ?? 0,
    },
  };
}
