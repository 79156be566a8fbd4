// A war's news in its guilds' chats, written by the engine inside the step that makes it true: one line per
// guild and war (a link to the war card), rewritten as the war moves on: drafted, after each round the guild's
// duel wins and place so far, then its final place and prize.
import { GuildId, guildWarNews, rankWarStandings } from "@bot-arena/game";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { guilds, guildWarParticipants } from "../../platform/db/schema";
import { postGuildSystemLines } from "../chat/system-lines";

type War = { id: string; name: string };

/** Each guild of a war with its duel wins and power so far, as the standings and the placing read them. */
export function warStandings(tx: Tx, warId: string) {
  return tx
    .select({
      guildId: guildWarParticipants.guildId,
      duelWins: guildWarParticipants.duelWins,
      totalPower: guildWarParticipants.totalPower,
      disbandedAt: guilds.disbandedAt,
    })
    .from(guildWarParticipants)
    .innerJoin(guilds, eq(guilds.id, guildWarParticipants.guildId))
    .where(eq(guildWarParticipants.warId, warId));
}

export function postDraftNews(tx: Tx, war: War, guildIds: readonly string[], now: Date) {
  return postGuildSystemLines(
    tx,
    guildIds.map((guildId) => ({ guildId, message: guildWarNews.drafted(war.name) })),
    now,
    war.id,
  );
}

/** After a round is revealed: each guild still standing hears its duel wins so far and its place now. */
export async function postRoundNews(
  tx: Tx,
  war: War,
  round: number,
  rounds: number,
  now: Date,
): Promise<void> {
  const standings = await warStandings(tx, war.id);
  const ranked = rankWarStandings(standings.map((s) => ({ ...s, guildId: GuildId(s.guildId) })));
  await postGuildSystemLines(
    tx,
    ranked.flatMap((s, i) =>
      s.disbandedAt
        ? []
        : [
            {
              guildId: s.guildId,
              message: guildWarNews.round(war.name, round, rounds, s.duelWins, i + 1, ranked.length),
            },
          ],
    ),
    now,
    war.id,
  );
}

export async function postFinalNews(
  tx: Tx,
  war: War,
  placements: readonly { guildId: string; placement: number; prizeAmount: number; duelWins: number }[],
  now: Date,
): Promise<void> {
  if (placements.length === 0) return;
  // A disbanded guild has nobody left to tell.
  const live = await tx
    .select({ id: guilds.id })
    .from(guilds)
    .where(
      and(
        inArray(
          guilds.id,
          placements.map((p) => p.guildId),
        ),
        isNull(guilds.disbandedAt),
      ),
    );
  const standing = new Set(live.map((g) => g.id));
  await postGuildSystemLines(
    tx,
    [...placements]
      .filter((p) => standing.has(p.guildId))
      .sort((a, b) => a.placement - b.placement)
      .map((p) => ({
        guildId: p.guildId,
        message: guildWarNews.final(war.name, p.placement, p.prizeAmount, p.duelWins),
      })),
    now,
    war.id,
  );
}
