// Test helpers in the guilds' language: founding a guild, a crew of members with active bots, donations, and
// the page a member sees.
import type { CreateGuildResponse, GuildDetail, GuildList } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import type { Player, TestApp } from "../../../test/helpers";
import { signUp } from "../../../test/helpers";
import type { Db } from "../../platform/db/database";
import { moveCoins } from "../../platform/ledger";
import { createBot } from "../bots/testing";

let guildCount = 0;

/** A unique name and tag pair (tags are at most 5 characters). */
export function guildNames(prefix = "Guild") {
  guildCount += 1;
  const suffix = `${guildCount.toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  return { name: `${prefix} ${suffix}`, tag: suffix.slice(0, 5) };
}

export async function foundGuild(
  player: Player,
  fields: Partial<{ name: string; tag: string; description: string }> = {},
) {
  const response = await player.post("/api/guilds", { ...guildNames(), ...fields });
  if (response.statusCode !== 201) throw new Error(`found failed: ${response.statusCode} ${response.body}`);
  return response.json<CreateGuildResponse>().guild;
}

export async function joinGuild(player: Player, guildId: string) {
  const response = await player.post(`/api/guilds/${guildId}/join`);
  if (response.statusCode !== 200) throw new Error(`join failed: ${response.statusCode} ${response.body}`);
}

export async function donate(player: Player, guildId: string, amount: number) {
  const response = await player.post(`/api/guilds/${guildId}/contribute`, { amount });
  if (response.statusCode !== 200) throw new Error(`donate failed: ${response.statusCode} ${response.body}`);
}

export async function guildPage(player: Player, guildId: string): Promise<GuildDetail> {
  return (await player.get(`/api/guilds/${guildId}`)).json<GuildDetail>();
}

export async function guildList(player: Player, search?: string): Promise<GuildList> {
  const query = search === undefined ? "" : `?search=${encodeURIComponent(search)}`;
  return (await player.get(`/api/guilds${query}`)).json<GuildList>();
}

/** A player with a first (active) bot whose four stats sum to 40. */
export async function pilot(t: TestApp): Promise<Player> {
  const player = await signUp(t.app);
  await createBot(player);
  return player;
}

/** A guild led by a new pilot with `members - 1` more pilots, and `bank` coins donated by the leader. */
export async function guildWithCrew(t: TestApp, members: number, bank = 0) {
  const leader = await pilot(t);
  const guild = await foundGuild(leader);
  const crew = [leader];
  for (let i = 1; i < members; i++) {
    const member = await pilot(t);
    await joinGuild(member, guild.id);
    crew.push(member);
  }
  if (bank > 0) await donate(leader, guild.id, bank);
  return { guild, leader, crew };
}

/**
 * Several guild banks credited in one transaction (a test grant), as donations landing together would: in guild
 * id order, the lock order.
 */
export async function grantBanks(db: Db, guildIds: readonly string[], amount: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const guildId of [...guildIds].sort()) {
      await moveCoins(tx, { account: "guild_bank", guildId, credit: Coins(amount), reason: "test_grant" });
    }
  });
}
