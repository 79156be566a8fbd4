// What a war duel's battle meant, for the COMBAT ZONE's header and end screen: the round and the two guilds, the
// viewer's side (their guild's bot), and the pairing's score with this duel in it ("Your guild: 2 of 3 duels
// won"). A round's duels are told when the round ends, so while it runs the score counts only what is already
// known: this duel and the forfeits ("so far").
import type { BattleContext, BattleSide } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";

type PairingDuel = {
  id: string;
  battleId: string | null;
  status: "pending" | "in_progress" | "completed";
  attacker: "home" | "away" | null;
  homeGuildId: string;
  awayGuildId: string;
  homeTag: string;
  awayTag: string;
  round: number;
  fought: boolean;
  empty: boolean;
  winnerGuildId: string | null;
  viewerGuildId: string | null;
};

export async function duelBattleContext(
  db: Db,
  battleId: string,
  viewerId: string,
): Promise<BattleContext | null> {
  // The duel's whole pairing (same war, round and pair of guilds), the guilds' tags and the viewer's guild.
  const duels = rowsOf<PairingDuel>(
    await db.execute(sql`
      select d.id, d.battle_id as "battleId", d.status, d.attacker, d.home_guild_id as "homeGuildId",
        d.away_guild_id as "awayGuildId", h.tag as "homeTag", a.tag as "awayTag", d.round,
        (d.home_bot is not null and d.away_bot is not null) as fought,
        (d.home_bot is null and d.away_bot is null) as empty,
        d.winner_guild_id as "winnerGuildId",
        (select guild_id from guild_members where user_id = ${viewerId}::uuid) as "viewerGuildId"
      from guild_war_duels this
      join guild_war_duels d on d.war_id = this.war_id and d.round = this.round and d.pairing = this.pairing
      join guilds h on h.id = d.home_guild_id
      join guilds a on a.id = d.away_guild_id
      where this.battle_id = ${battleId}::uuid`),
  );
  const duel = duels.find((d) => d.battleId === battleId);
  if (!duel || duel.attacker === null) return null;
  // Known to everyone: this duel (its battle is being shown), the forfeits, and every duel of a finished round.
  const known = duels.filter((d) => !d.empty && (d.id === duel.id || !d.fought || d.status === "completed"));
  const total = duels.filter((d) => !d.empty).length;
  const wins = (guildId: string) => known.filter((d) => d.winnerGuildId === guildId).length;
  const soFar = known.length < total ? " so far" : "";
  const viewerGuild = duel.viewerGuildId;
  const viewerHome = viewerGuild === duel.homeGuildId;
  const viewerIn = viewerHome || viewerGuild === duel.awayGuildId;
  const homeSide: BattleSide = duel.attacker === "home" ? "attacker" : "defender";
  const awaySide: BattleSide = homeSide === "attacker" ? "defender" : "attacker";
  return {
    title: `ROUND ${duel.round} · [${duel.homeTag}] vs [${duel.awayTag}]`,
    viewerSide: viewerIn ? (viewerHome ? homeSide : awaySide) : null,
    meaning: viewerIn
      ? `Your guild: ${wins(viewerGuild!)} of ${known.length} duels won${soFar}`
      : `[${duel.homeTag}] ${wins(duel.homeGuildId)} - ${wins(duel.awayGuildId)} [${duel.awayTag}]${soFar}`,
    live: duel.status === "in_progress",
    eventChannel: "guild-wars",
  };
}
