// Player lookup for Player Management: by name or e-mail (any part, any case), with balances, bots and the
// newest coin history, so an admin sees whom a grant goes to and what it did; and the pilot's PvP pairs with a
// boost flag (a new provisional account beating the same few).
import type { PlayerLookupResponse } from "@bot-arena/contract";
import { boostFlag, isProvisional } from "@bot-arena/game";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { bots, coinLedger, profiles, userRoles } from "../../platform/db/schema";
import { pvpPairsOf } from "../pilots/pairs";
import { pilotStates } from "../pilots/ratings";

export const LOOKUP_LIMIT = 10;
export const RECENT_COINS = 10;
export const PVP_PAIRS_SHOWN = 10;

/** `%` and `_` typed by the admin are searched for, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPlayerLookup(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return async function findPlayers(q: string): Promise<PlayerLookupResponse> {
    const pattern = `%${likeEscape(q)}%`;
    const found = await db
      .select({
        id: profiles.id,
        username: profiles.username,
        email: profiles.email,
        coins: profiles.coins,
        vaultCoins: profiles.vaultCoins,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(q ? or(ilike(profiles.username, pattern), ilike(profiles.email, pattern)) : undefined)
      // Exact names and addresses first, then the rest by name; with no query, the newest players.
      .orderBy(
        ...(q
          ? [
              desc(
                sql`lower(${profiles.username}) = ${q.toLowerCase()} or lower(${profiles.email}) = ${q.toLowerCase()}`,
              ),
              asc(sql`lower(${profiles.username})`),
            ]
          : [desc(profiles.createdAt)]),
      )
      .limit(LOOKUP_LIMIT);
    if (found.length === 0) return { players: [] };
    const ids = found.map((p) => p.id);
    const now = clock.now().getTime();
    const [admins, botRows, pilots, pairs] = await Promise.all([
      db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(inArray(userRoles.userId, ids), eq(userRoles.role, "admin"))),
      db
        .select({
          id: bots.id,
          userId: bots.userId,
          name: bots.name,
          rarity: bots.rarity,
          level: bots.level,
          isActive: bots.isActive,
        })
        .from(bots)
        .where(inArray(bots.userId, ids))
        .orderBy(desc(bots.isActive), desc(bots.level), asc(bots.name)),
      pilotStates(db, ids),
      pvpPairsOf(db, ids),
    ]);
    const adminSet = new Set(admins.map((a) => a.userId));
    const pvpOf = (id: (typeof ids)[number], createdAt: Date) => {
      const state = pilots.get(id);
      const theirs = pairs.get(id) ?? [];
      const provisional = state ? isProvisional(state.rating, now) : true;
      return {
        rating: Math.floor(state?.rating.rating ?? 0),
        provisional,
        record: { wins: state?.wins ?? 0, losses: state?.losses ?? 0 },
        pairs: theirs.slice(0, PVP_PAIRS_SHOWN),
        boostFlag: boostFlag({ accountAgeMs: now - createdAt.getTime(), provisional, pairs: theirs }),
      };
    };
    const players = await Promise.all(
      found.map(async (player) => {
        const recent = await db
          .select({
            id: coinLedger.id,
            account: coinLedger.account,
            delta: coinLedger.delta,
            balanceAfter: coinLedger.balanceAfter,
            reason: coinLedger.reason,
            createdAt: coinLedger.createdAt,
          })
          .from(coinLedger)
          .where(eq(coinLedger.userId, player.id))
          .orderBy(desc(coinLedger.id))
          .limit(RECENT_COINS);
        return {
          ...player,
          createdAt: player.createdAt.toISOString(),
          isAdmin: adminSet.has(player.id),
          bots: botRows.filter((bot) => bot.userId === player.id).map(({ userId: _owner, ...bot }) => bot),
          recentCoins: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
          pvp: pvpOf(player.id, player.createdAt),
        };
      }),
    );
    return { players };
  };
}
