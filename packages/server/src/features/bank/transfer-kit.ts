// Test helper: one of every move between two accounts the game makes, each through the code that makes it
// (routes where a test can reach them, the tournament's money functions, an old war's stakes as the muster
// wrote them), so the coin history and the transfer-id migration are tried on the real shapes of the rows.
import { Coins } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../../test/helpers";
import { eventKey, lockProfiles, noteLocks } from "../../platform/db/locks";
import { guildWars, marketplaceListings, tournaments } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { moveCoins, newTransferId } from "../../platform/ledger";
import { pilot, pvpBattle } from "../arena/testing";
import { botsOf, finishSetup, listOnMarket, summonFor } from "../bots/testing";
import { donate, foundGuild, grantBanks } from "../guilds/testing";
import { payEntryFee, refundFees } from "../tournament/money";

export async function playEveryTransfer(t: TestApp) {
  const [ann, bob] = [await pilot(t, "Ann's Bolt"), await pilot(t, "Bob's Anvil")];
  const ok = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBe(200);
  ok(await ann.post("/api/bank/deposit", { amount: 100 }));
  ok(await ann.post("/api/bank/deposit", { amount: 50 }));
  ok(await ann.post("/api/bank/withdraw", { amount: 30 }));
  ok(await pvpBattle(ann, bob.bot.id));

  await finishSetup(bob, (await summonFor(bob, 1)).botIds[0]!, "Rust Bucket");
  const sold = (await botsOf(bob)).find((bot) => bot.name === "Rust Bucket")!;
  await listOnMarket(t.db, bob, sold.id, 120);
  const [listing] = await t.db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.botId, sold.id as BotId));
  ok(await ann.post(`/api/marketplace/listings/${listing!.id}/buy`));

  const guild = await foundGuild(bob, { name: "Iron Wolves", tag: "IRW" });
  await donate(bob, guild.id, 25);

  // Two entries and both refunds in one transaction: one created_at, one amount, told apart by who paid.
  const [cup] = await t.db
    .insert(tournaments)
    .values({ name: "Neon Cup", minPlayers: 2, maxPlayers: 16, entryFeeMode: "player" })
    .returning({ id: tournaments.id });
  await t.db.transaction(async (tx) => {
    noteLocks(tx, "event", [eventKey("tournaments", cup!.id)]);
    await tx.execute(sql`select id from tournaments where id = ${cup!.id}::uuid for update`);
    await lockProfiles(tx, [ann.id, bob.id]);
    for (const player of [ann, bob]) {
      await payEntryFee(tx, { tournamentId: cup!.id, userId: player.id, fee: 150, message: "short" });
    }
    await refundFees(tx, { tournamentId: cup!.id, fee: 150, userIds: [ann.id, bob.id] });
  });

  // An old war's stakes (written before wars were free), in one transaction as the muster wrote them (the war's
  // row first: the lock order).
  const rival = await foundGuild(ann, { name: "Neon Foxes", tag: "NFX" });
  await grantBanks(t.db, [guild.id, rival.id], 500);
  const [war] = await t.db.insert(guildWars).values({ name: "Guild War #1" }).returning({ id: guildWars.id });
  await t.db.transaction(async (tx) => {
    for (const guildId of [guild.id, rival.id].sort()) {
      const transferId = newTransferId();
      await moveCoins(tx, {
        account: "war_pool",
        warId: war!.id,
        credit: Coins(500),
        reason: "war_stake",
        refType: "guild",
        refId: guildId,
        transferId,
      });
      await moveCoins(tx, {
        account: "guild_bank",
        guildId,
        debit: Coins(500),
        reason: "war_stake",
        refType: "guild_war",
        refId: war!.id,
        transferId,
      });
    }
  });
  return { ann, bob, guild, rival, cup: cup!, war: war!, soldBot: sold.name };
}
