// Guild wars once the 8 guilds are chosen: the prizes (and an old war's stakes and pool), the round robin of
// pairings, each pairing's five duels between the guilds' strongest bots (forfeits where a guild has fewer), and
// the placements and payouts when the last round ends. When each round ends is the events' one deadline rule
// (formats/event-steps.ts roundEndsAt, the battle window shared by the rounds).

import { GUILD_WAR_REWARDS, GUILD_WAR_ROSTER_SIZE, GUILD_WAR_STAKE, GUILDS_PER_WAR } from "./constants";
import { restToHouse } from "./economy";
import { Coins, type GuildId } from "./types";

export interface WarRewards {
  readonly first: number;
  readonly second: number;
  readonly third: number;
}

/** The spec's prize pool on the war card: the sum of the three rewards. */
export const warPrizePool = (rewards: WarRewards = GUILD_WAR_REWARDS): Coins =>
  Coins(rewards.first + rewards.second + rewards.third);

/** What an old "stakes" war's pool held once every guild had paid its stake (wars since issue 26 take none). */
export const warStakes = (guilds: number = GUILDS_PER_WAR): Coins => Coins(guilds * GUILD_WAR_STAKE);

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// The round robin ----------------------------------------------------------------------------------------------

export interface Pairing<T> {
  /** 1-based round of the round robin. */
  readonly round: number;
  /** 1-based position within the round. */
  readonly pairing: number;
  readonly home: T;
  readonly away: T;
}

/**
 * Every guild meets every other exactly once (the circle method): n guilds play n-1 rounds of n/2 pairings, so 8
 * guilds play 7 rounds of 4, 28 pairings in all. An odd count gets a bye each round. Home and away alternate so
 * no guild is always the side that strikes first.
 */
export function roundRobin<T>(entrants: readonly T[]): Pairing<T>[] {
  const slots: (T | null)[] = [...entrants];
  if (slots.length % 2 === 1) slots.push(null);
  const n = slots.length;
  const pairings: Pairing<T>[] = [];
  for (let round = 0; round < n - 1; round++) {
    let position = 0;
    for (let i = 0; i < n / 2; i++) {
      const a = slots[i] ?? null;
      const b = slots[n - 1 - i] ?? null;
      if (a === null || b === null) continue;
      // The fixed guild alternates by round; the rotating pairs by position, which balances every guild to
      // 3 or 4 home pairings of 7.
      const swap = i === 0 ? round % 2 === 1 : i % 2 === 1;
      position += 1;
      pairings.push({ round: round + 1, pairing: position, home: swap ? b : a, away: swap ? a : b });
    }
    // Keep the first slot fixed and rotate the rest one step clockwise.
    const last = slots.pop() ?? null;
    slots.splice(1, 0, last);
  }
  return pairings;
}

export const warRounds = (guilds: number = GUILDS_PER_WAR): number =>
  guilds % 2 === 0 ? guilds - 1 : guilds;

// Rosters and duels ------------------------------------------------------------------------------------------------

export interface RosterBot {
  readonly botId: string;
  readonly totalStrength: number;
}

/** The guild's fighters, snapshotted when the battle phase starts: its 5 strongest active bots (ties by id). */
export function warRoster<B extends RosterBot>(bots: readonly B[]): B[] {
  return [...bots]
    .sort((a, b) => b.totalStrength - a.totalStrength || byId(a.botId, b.botId))
    .slice(0, GUILD_WAR_ROSTER_SIZE);
}

export type DuelPlan<B> =
  /** Both guilds field a bot in this slot: a stored battle decides it. */
  | {
      readonly slot: number;
      readonly kind: "battle";
      readonly attacker: "home" | "away";
      readonly home: B;
      readonly away: B;
    }
  /** Only one guild fields a bot: it wins without a fight. */
  | {
      readonly slot: number;
      readonly kind: "forfeit";
      readonly winner: "home" | "away";
      readonly home: B | null;
      readonly away: B | null;
    }
  /** Neither guild fields a bot: nobody wins the slot. */
  | { readonly slot: number; readonly kind: "void" };

/**
 * A pairing's five duels: the strongest against the strongest, down to the fifth. The side that strikes first
 * alternates by slot (home in slots 1, 3, 5). A guild short of 5 bots forfeits its missing slots.
 */
export function planDuels<B>(home: readonly B[], away: readonly B[]): DuelPlan<B>[] {
  return Array.from({ length: GUILD_WAR_ROSTER_SIZE }, (_, i): DuelPlan<B> => {
    const slot = i + 1;
    const h = home[i] ?? null;
    const a = away[i] ?? null;
    if (h !== null && a !== null) {
      return { slot, kind: "battle", attacker: slot % 2 === 1 ? "home" : "away", home: h, away: a };
    }
    if (h === null && a === null) return { slot, kind: "void" };
    return { slot, kind: "forfeit", winner: h === null ? "away" : "home", home: h, away: a };
  });
}

// Placements and payouts -------------------------------------------------------------------------------------------

export interface WarStanding {
  readonly guildId: GuildId;
  readonly duelWins: number;
  readonly totalPower: number;
  /** A guild whose last member left: it keeps its place but its prize goes to the house. */
  readonly disbanded?: boolean;
}

export interface WarPlacement {
  readonly guildId: GuildId;
  readonly duelWins: number;
  readonly totalPower: number;
  /** 1 for the winner; every guild gets its own place. */
  readonly placement: number;
  readonly prizeAmount: Coins;
}

/** Standings while the war runs and placements when it ends: duel wins, then power, then id. */
export function rankWarStandings<S extends WarStanding>(standings: readonly S[]): S[] {
  return [...standings].sort(
    (a, b) => b.duelWins - a.duelWins || b.totalPower - a.totalPower || byId(a.guildId, b.guildId),
  );
}

/** The final placements: the top three win 2000/1000/500 into their banks (nothing to a disbanded guild). */
export function placeWarGuilds(
  standings: readonly WarStanding[],
  rewards: WarRewards = GUILD_WAR_REWARDS,
): WarPlacement[] {
  const prizes = [rewards.first, rewards.second, rewards.third];
  return rankWarStandings(standings).map((s, i) => ({
    guildId: s.guildId,
    duelWins: s.duelWins,
    totalPower: s.totalPower,
    placement: i + 1,
    prizeAmount: Coins(s.disbanded ? 0 : (prizes[i] ?? 0)),
  }));
}

/** Where an old "stakes" war's pool goes: the prizes placed, and the rest (500 of a full war's 4000) to the house. */
export function warPayout(
  pool: number,
  placements: readonly WarPlacement[],
): { prizes: Coins; house: Coins } {
  const paid = placements.map((p) => p.prizeAmount);
  return { prizes: Coins(paid.reduce((sum, prize) => sum + prize, 0)), house: restToHouse(pool, paid) };
}
