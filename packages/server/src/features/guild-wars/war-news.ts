// A war's news in its guilds' chats, written by the engine inside the step that makes it true: a guild drafted,
// each duel as its round is revealed (in both guilds' chats), each guild's final place and prize.
import { guildWarNews } from "@bot-arena/game";
import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/database";
import { guilds, guildWarDuels } from "../../platform/db/schema";
import type { FighterSnapshot } from "../battles/snapshot";
import { type GuildSystemLine, postGuildSystemLines } from "../chat/system-lines";

export function postDraftNews(tx: Tx, guildIds: readonly string[], warName: string, now: Date) {
  return postGuildSystemLines(
    tx,
    guildIds.map((guildId) => ({ guildId, message: guildWarNews.drafted(warName) })),
    now,
  );
}

/** Every decided duel of the round (a slot neither guild filled is not a duel), in pairing and slot order. */
export async function postDuelNews(tx: Tx, warId: string, round: number, now: Date): Promise<void> {
  const home = alias(guilds, "home_guild");
  const away = alias(guilds, "away_guild");
  const duels = await tx
    .select({
      homeGuildId: guildWarDuels.homeGuildId,
      awayGuildId: guildWarDuels.awayGuildId,
      homeTag: home.tag,
      awayTag: away.tag,
      homeBot: guildWarDuels.homeBot,
      awayBot: guildWarDuels.awayBot,
      winnerGuildId: guildWarDuels.winnerGuildId,
    })
    .from(guildWarDuels)
    .innerJoin(home, eq(home.id, guildWarDuels.homeGuildId))
    .innerJoin(away, eq(away.id, guildWarDuels.awayGuildId))
    .where(and(eq(guildWarDuels.warId, warId), eq(guildWarDuels.round, round)))
    .orderBy(asc(guildWarDuels.pairing), asc(guildWarDuels.slot));
  const lines = duels.flatMap((duel): GuildSystemLine[] => {
    if (!duel.winnerGuildId) return [];
    const homeWon = duel.winnerGuildId === duel.homeGuildId;
    const side = (bot: unknown, tag: string) => (bot ? `${(bot as FighterSnapshot).name} [${tag}]` : null);
    const winner = homeWon ? side(duel.homeBot, duel.homeTag) : side(duel.awayBot, duel.awayTag);
    const loser = homeWon ? side(duel.awayBot, duel.awayTag) : side(duel.homeBot, duel.homeTag);
    if (!winner) return [];
    const message = loser
      ? guildWarNews.duel(winner, loser)
      : guildWarNews.forfeit(winner, homeWon ? duel.awayTag : duel.homeTag);
    return [
      { guildId: duel.homeGuildId, message },
      { guildId: duel.awayGuildId, message },
    ];
  });
  await postGuildSystemLines(tx, lines, now);
}

export async function postFinalNews(
  tx: Tx,
  placements: readonly { guildId: string; placement: number; prizeAmount: number }[],
  now: Date,
): Promise<void> {
  if (placements.length === 0) return;
  // A disbanded guild has nobody left to tell.
  const live = await tx
    .select({ id: guilds.id, disbandedAt: guilds.disbandedAt })
    .from(guilds)
    .where(
      inArray(
        guilds.id,
        placements.map((p) => p.guildId),
      ),
    );
  const gone = new Set(live.filter((g) => g.disbandedAt !== null).map((g) => g.id));
  await postGuildSystemLines(
    tx,
    [...placements]
      .filter((p) => !gone.has(p.guildId))
      .sort((a, b) => a.placement - b.placement)
      .map((p) => ({ guildId: p.guildId, message: guildWarNews.final(p.placement, p.prizeAmount) })),
    now,
  );
}
