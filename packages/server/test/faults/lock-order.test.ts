// Deadlocks: the pairs of requests that used to lock a player's rows in opposite orders (an AI battle locked
// the bot, then the profile; rename, Energy Cell, activate, a PvP attack, an equipment purchase, equip and a
// cash-out lock the profile first) fired together 100 times each on PostgreSQL. With one lock order and the
// retry of 40P01/40001 none may answer 5xx. PGlite runs one transaction at a time, so only PostgreSQL can show
// a deadlock; the lock-order guard itself is checked on every driver.

import { Coins } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aiBattle,
  findOpponent,
  type Pilot,
  pilot,
  pvpBattle,
  setBot,
} from "../../src/features/arena/testing";
import { setVault } from "../../src/features/bank/economy-test-kit";
import { giveCoins } from "../../src/features/bots/testing";
import type { Tx } from "../../src/platform/db/database";
import {
  eventKey,
  LockOrderError,
  lockBots,
  lockProfiles,
  noteCreated,
  noteLocks,
} from "../../src/platform/db/locks";
import { equipment, shopItems } from "../../src/platform/db/schema";
import type { BotId } from "../../src/platform/ids";
import { moveCoins } from "../../src/platform/ledger";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the lock-order guard", () => {
  const refused = (work: (tx: Tx) => Promise<unknown>) =>
    expect(t.db.transaction(work)).rejects.toBeInstanceOf(LockOrderError);

  it("refuses a bot lock before its owner's profile, and a new profile lock after a bot lock", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    await refused((tx) => lockBots(tx, [a.bot.id as BotId], [a.id]));
    await refused(async (tx) => {
      await lockProfiles(tx, [a.id]);
      await lockBots(tx, [a.bot.id as BotId], [a.id]);
      await lockProfiles(tx, [b.id]);
    });
    const rows = await t.db.transaction(async (tx) => {
      await lockProfiles(tx, [a.id]);
      const locked = await lockBots(tx, [a.bot.id as BotId], [a.id]);
      // A row already held may be locked again (a payout's wallet, say): it cannot wait on anyone.
      await lockProfiles(tx, [a.id]);
      return locked;
    });
    expect(rows.map((r) => r.id)).toEqual([a.bot.id]);
  });

  it("refuses an event's row after a profile, a profile after a guild, and profiles out of id order", async () => {
    const [low, high] = [await pilot(t), await pilot(t)].sort((x, y) => (x.id < y.id ? -1 : 1));
    const tournamentId = "00000000-0000-4000-8000-000000000001";
    await refused(async (tx) => {
      await lockProfiles(tx, [low!.id]);
      noteLocks(tx, "event", [eventKey("tournaments", tournamentId)]);
    });
    await refused(async (tx) => {
      noteLocks(tx, "guild", ["00000000-0000-4000-8000-000000000002"]);
      await lockProfiles(tx, [low!.id]);
    });
    await refused(async (tx) => {
      await lockProfiles(tx, [high!.id]);
      await lockProfiles(tx, [low!.id]);
    });
    // The ledger reports its rows too: a wallet after a guild's bank is a profile after a guild.
    await refused(async (tx) => {
      noteLocks(tx, "guild", ["00000000-0000-4000-8000-000000000002"]);
      await moveCoins(tx, { account: "wallet", userId: low!.id, credit: Coins(1), reason: "test_grant" });
    });
    // LOCK_ORDER=warn (production): the broken order goes to that app's log and the work goes on, while the
    // strict app beside it in this process still refuses (the policy is the app's, not the module's).
    const reported: string[] = [];
    const write = (line: string) => {
      const entry = JSON.parse(line) as { msg: string; err?: { message: string } };
      if (entry.msg === "lock order broken") reported.push(entry.err!.message);
    };
    const lenient = await createTestApp({
      config: { lockOrder: "warn" },
      logger: { level: "error", stream: { write } },
    });
    try {
      const [first, second] = [await pilot(lenient), await pilot(lenient)].sort((x, y) =>
        x.id < y.id ? -1 : 1,
      );
      const rows = await lenient.db.transaction(async (tx) => {
        await lockProfiles(tx, [second!.id]);
        return lockProfiles(tx, [first!.id]);
      });
      expect(rows.map((r) => r.id)).toEqual([first!.id]);
    } finally {
      await lenient.close();
    }
    expect(reported).toEqual(["lock order: profiles by id: lock every one a transaction needs in one call"]);
    await refused(async (tx) => {
      await lockProfiles(tx, [high!.id]);
      await lockProfiles(tx, [low!.id]);
    });
    // In order, all of it passes; a row the transaction created itself takes no place in the order.
    await t.db.transaction(async (tx) => {
      noteLocks(tx, "event", [eventKey("tournaments", tournamentId)]);
      await lockProfiles(tx, [low!.id, high!.id]);
      noteLocks(tx, "guild", ["00000000-0000-4000-8000-000000000002"]);
      noteCreated(tx, "event", eventKey("guild_wars", "00000000-0000-4000-8000-000000000003"));
    });
  });
});

const ROUNDS = 100;

if (process.env.DATABASE_URL) {
  describe("request pairs that used to deadlock, 100 times each (PostgreSQL)", () => {
    let player: Pilot;
    let rival: Pilot;
    let energyCellId: string;
    let cheapest: { id: string };
    let inventoryId: string;
    const serverErrors: string[] = [];

    const fresh = async () => {
      await setBot(t.db, player.bot.id, { energy: 100, durability: 100, maxEnergy: 100, maxDurability: 100 });
      await setBot(t.db, rival.bot.id, { energy: 100, durability: 100 });
      await findOpponent(player);
    };
    const pair = async (
      name: string,
      a: () => Promise<{ statusCode: number; body: string }>,
      b: () => Promise<{ statusCode: number; body: string }>,
    ) => {
      for (let round = 0; round < ROUNDS; round++) {
        await fresh();
        const responses = await Promise.all([a(), b()]);
        for (const r of responses)
          if (r.statusCode >= 500) serverErrors.push(`${name}: ${r.statusCode} ${r.body}`);
      }
    };

    beforeAll(async () => {
      player = await pilot(t, "Lock Order");
      rival = await pilot(t, "Lock Rival");
      await giveCoins(t.db, player, 1_000_000);
      await giveCoins(t.db, rival, 1_000_000);
      await setVault(t.db, player, 100_000);
      const [cell] = await t.db.select().from(shopItems).where(eq(shopItems.type, "energy_restore"));
      energyCellId = cell!.id;
      const [item] = await t.db.select().from(equipment).orderBy(equipment.price).limit(1);
      cheapest = item!;
      const bought = await player.post("/api/shop/purchase", { itemType: "equipment", itemId: cheapest.id });
      expect(bought.body).toContain("inventoryId");
      inventoryId = bought.json<{ inventoryId: string }>().inventoryId;
    });

    it("AI battle against rename, Energy Cell, activate and a PvP attack: no 5xx", async () => {
      let n = 0;
      await pair(
        "ai+rename",
        () => aiBattle(player),
        () => player.post(`/api/bots/${player.bot.id}/rename`, { name: `Lock Order ${++n}` }),
      );
      await pair(
        "ai+energy",
        () => aiBattle(player),
        () => player.post("/api/shop/purchase", { itemType: "consumable", itemId: energyCellId }),
      );
      await pair(
        "ai+activate",
        () => aiBattle(player),
        () => player.post(`/api/bots/${player.bot.id}/activate`),
      );
      await pair(
        "ai+pvp",
        () => aiBattle(player),
        () => pvpBattle(rival, player.bot.id),
      );
      expect(serverErrors).toEqual([]);
    }, 600_000);

    it("equipment purchase against equip and activate, cash-out against activate: no 5xx", async () => {
      const buy = () => player.post("/api/shop/purchase", { itemType: "equipment", itemId: cheapest.id });
      const activate = () => player.post(`/api/bots/${player.bot.id}/activate`);
      await pair("buy+equip", buy, () => player.post(`/api/inventory/${inventoryId}/equip`));
      await pair("buy+activate", buy, activate);
      await pair(
        "cashout+activate",
        () => player.post("/api/bank/cashout", { gamertag: "LockOrder", amount: 10 }),
        activate,
      );
      expect(serverErrors).toEqual([]);
    }, 600_000);
  });
}
