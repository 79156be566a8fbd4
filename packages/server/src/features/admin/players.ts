// Player lookup for Player Management: by name or e-mail (any part, any case), with balances, bots and the
// newest coin history, so an admin sees whom a grant goes to and what it did.
import type { PlayerLookupResponse } from "@bot-arena/contract";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, coinLedger, profiles, userRoles } from "../../platform/db/schema";

export const LOOKUP_LIMIT = 10;
export const RECENT_COINS = 10;

/** `%` and `_` typed by the admin are searched for, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPlayerLookup(deps: { db: Db }) {
  const { db } = deps;
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
    const [admins, botRows] = await Promise.all([
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
    ]);
    const adminSet = new Set(admins.map((a) => a.userId));
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
        };
      }),
    );
    return { players };
  };
}
