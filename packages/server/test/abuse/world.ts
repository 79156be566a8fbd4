// A small world for the abuse tests: an admin, an attacker and a victim, each with coins, an active bot, a
// spare bot, an equipment item and a battle; the victim also has a bot on the marketplace.

import type { Bot, BotList, ShopCatalogue } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import type { FastifyInstance } from "fastify";
import { moveCoins } from "../../src/platform/ledger";
import { createTestApp, type Player, signUp, type TestApp } from "../helpers";

export const ADMIN_EMAIL = "abuse-admin@arena.test";

export type Holdings = {
  bot?: string;
  spareBot?: string;
  inventory?: string;
  listing?: string;
  battle?: string;
};

export type World = {
  t: TestApp;
  admin: Player;
  attacker: Player & { holds: Holdings };
  victim: Player & { holds: Holdings };
};

const served = (app: FastifyInstance, method: "GET" | "POST", url: string) => app.hasRoute({ method, url });

async function ok<T>(
  label: string,
  response: { statusCode: number; body: string; json(): unknown },
): Promise<T> {
  if (response.statusCode >= 300)
    throw new Error(`world set-up: ${label} answered ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** Gives `player` whatever the served routes let them own; each step only when its route exists. */
async function equip(t: TestApp, player: Player): Promise<Holdings> {
  const holds: Holdings = {};
  const { app } = t;
  await t.db.transaction((tx) =>
    moveCoins(tx, { userId: player.id, account: "wallet", credit: Coins(20_000), reason: "admin_grant" }),
  );
  if (!served(app, "POST", "/api/bots")) return holds;
  const bot = await ok<Bot>(
    "create bot",
    await player.post("/api/bots", {
      ...{ name: "Abuse Bot", model: "Striker X-1", colorScheme: "Cyber Blue" },
      ...{ strength: 10, agility: 10, defense: 10, intelligence: 10 },
    }),
  );
  holds.bot = bot.id;
  if (served(app, "POST", "/api/bots/summon")) {
    const { botIds } = await ok<{ botIds: string[] }>(
      "summon",
      await player.post("/api/bots/summon", { count: 1 }),
    );
    holds.spareBot = botIds[0];
    await ok("name", await player.post(`/api/bots/${holds.spareBot}/name`, { name: "Spare Bot" }));
    await ok(
      "allocate",
      await player.post(`/api/bots/${holds.spareBot}/allocate`, {
        ...{ strength: 4, agility: 3, defense: 2, intelligence: 1 },
      }),
    );
  }
  if (served(app, "GET", "/api/shop")) {
    const shop = await ok<ShopCatalogue>("shop", await player.get("/api/shop"));
    const item = shop.equipment[0]!;
    const bought = await ok<{ inventoryId: string }>(
      "purchase",
      await player.post("/api/shop/purchase", { itemType: "equipment", itemId: item.id }),
    );
    holds.inventory = bought.inventoryId;
  }
  if (served(app, "POST", "/api/arena/ai/battle")) {
    await ok("opponent", await player.post("/api/arena/ai/opponent"));
    const outcome = await ok<{ battle: { id: string } }>("battle", await player.post("/api/arena/ai/battle"));
    holds.battle = outcome.battle.id;
  }
  return holds;
}

async function list(player: Player & { holds: Holdings }) {
  if (!player.holds.spareBot) return;
  const listed = await ok<{ listing: { id: string } }>(
    "list",
    await player.post("/api/marketplace/listings", { botId: player.holds.spareBot, price: 100 }),
  );
  player.holds.listing = listed.listing.id;
}

export async function buildWorld(): Promise<World> {
  const t = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  const admin = await signUp(t.app, { email: ADMIN_EMAIL });
  const attacker = await signUp(t.app);
  const victim = await signUp(t.app);
  const world: World = {
    t,
    admin,
    attacker: Object.assign(attacker, { holds: await equip(t, attacker) }),
    victim: Object.assign(victim, { holds: await equip(t, victim) }),
  };
  if (served(t.app, "POST", "/api/marketplace/listings")) await list(world.victim);
  return world;
}

/** The victim's bots as the victim sees them, to show an attack changed nothing. */
export async function rosterOf(player: Player): Promise<Bot[]> {
  return (await player.get("/api/bots")).json<BotList>().bots;
}
