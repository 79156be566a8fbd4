// What a simulated player does, one action at a time, each over the contract routes it names. An action whose
// routes the server lacks is skipped and counted, so the same mix runs today and covers every feature later.
import {
  type BankSummary,
  type Bot,
  type CurrentTournamentResponse,
  type GuildList,
  type InventoryList,
  type MarketplaceList,
  type Me,
  type PvpOpponentList,
  type RouteSpec,
  routes,
  type ShopCatalogue,
} from "@bot-arena/contract";
import { MAX_BOTS, STAT_NAMES } from "@bot-arena/game";
import type { Api, CallOptions, Reply, RouteKey } from "./api";
import { activeBot, noteMoney, randomName, refreshRoster, type SimPlayer, spareBots } from "./player";

export type Action = {
  name: string;
  /** Relative frequency in the default mix. */
  weight: number;
  needs: RouteKey[];
  run(api: Api, player: SimPlayer): Promise<void>;
};

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A call that remembers the balances a state-changing answer carried. */
async function act<T>(api: Api, player: SimPlayer, key: RouteKey, options?: CallOptions): Promise<Reply<T>> {
  const reply = await api.call<T>(player.caller, key, options);
  const spec: RouteSpec = routes[key];
  if (reply.ok && spec.method !== "GET") noteMoney(player, `${spec.method} ${spec.path}`, reply.data);
  return reply;
}

const asBotParams = (bot: { id: string }) => ({ params: { id: bot.id } });

async function summonOne(api: Api, player: SimPlayer) {
  if (player.bots.length >= MAX_BOTS - 1) return recycleSpare(api, player);
  const reply = await act<{ botIds: string[] }>(api, player, "summonBots", { body: { count: 1 } });
  const id = reply.ok ? reply.data.botIds[0] : undefined;
  if (!id) return;
  if (api.has("nameBot"))
    await act(api, player, "nameBot", { params: { id }, body: { name: randomName("Summ") } });
  if (api.has("allocateBot")) {
    await act(api, player, "allocateBot", {
      params: { id },
      body: { strength: 4, agility: 3, defense: 2, intelligence: 1 },
    });
  }
  await refreshRoster(api, player);
}

async function recycleSpare(api: Api, player: SimPlayer) {
  const bot = pick(spareBots(player));
  if (!bot) return;
  await act(api, player, "recycleBot", asBotParams(bot));
  await refreshRoster(api, player);
}

async function fightAi(api: Api, player: SimPlayer) {
  const found = await act(api, player, "findAiOpponent");
  if (found.ok) await act(api, player, "aiBattle");
}

async function fightPvp(api: Api, player: SimPlayer) {
  const list = await act<PvpOpponentList>(api, player, "pvpOpponents");
  const opponent = list.ok ? pick(list.data.opponents) : undefined;
  if (opponent) await act(api, player, "pvpBattle", { body: { defenderId: opponent.id } });
}

async function train(api: Api, player: SimPlayer) {
  // A player trains only with points to place; otherwise the Train button is greyed out.
  const bot = player.bots.find((b) => b.availablePoints > 0);
  if (!bot) return;
  const reply = await act<{ bot: Bot }>(api, player, "trainBot", {
    ...asBotParams(bot),
    body: { stat: pick(STAT_NAMES) },
  });
  if (reply.ok) player.bots = player.bots.map((b) => (b.id === bot.id ? reply.data.bot : b));
}

async function shop(api: Api, player: SimPlayer) {
  const catalogue = await act<ShopCatalogue>(api, player, "shop");
  if (!catalogue.ok) return;
  const useConsumable = Math.random() < 0.5;
  const item = useConsumable
    ? pick(catalogue.data.consumables)
    : pick(catalogue.data.equipment.filter((e) => e.price <= player.me.coins).slice(0, 4));
  if (!item) return;
  await act(api, player, "shopPurchase", {
    body: { itemType: useConsumable ? "consumable" : "equipment", itemId: item.id },
  });
}

async function equip(api: Api, player: SimPlayer) {
  const inventory = await act<InventoryList>(api, player, "inventory");
  const item = inventory.ok ? pick(inventory.data.items) : undefined;
  if (item) await act(api, player, "inventoryEquip", { params: { id: item.id } });
}

async function sell(api: Api, player: SimPlayer) {
  const bot = pick(spareBots(player));
  if (!bot) return summonOne(api, player);
  await act(api, player, "marketplaceCreateListing", { body: { botId: bot.id, price: between(50, 400) } });
  await refreshRoster(api, player);
}

async function buy(api: Api, player: SimPlayer) {
  const market = await act<MarketplaceList>(api, player, "marketplace");
  if (!market.ok || player.bots.length >= MAX_BOTS - 1) return;
  const listing = pick(market.data.listings.filter((l) => !l.isOwn).slice(0, 10));
  if (!listing) return;
  if (Math.random() < 0.1 && api.has("marketplacePriceGuide")) {
    const guide = new URLSearchParams({ rarity: listing.bot.rarity, level: String(listing.bot.level) });
    await act(api, player, "marketplacePriceGuide", { query: guide.toString() });
  }
  await act(api, player, "marketplaceBuy", { params: { id: listing.id } });
  await refreshRoster(api, player);
}

async function unlist(api: Api, player: SimPlayer) {
  const market = await act<MarketplaceList>(api, player, "marketplace");
  const own = market.ok ? pick(market.data.listings.filter((l) => l.isOwn)) : undefined;
  if (own) await act(api, player, "marketplaceCancelListing", { params: { id: own.id } });
}

async function bank(api: Api, player: SimPlayer) {
  const summary = await act<BankSummary>(api, player, "bank");
  if (!summary.ok) return;
  const { vaultCoins, depositAllowance, coins } = summary.data;
  if (vaultCoins > 0 && Math.random() < 0.4) {
    await act(api, player, "bankWithdraw", { body: { amount: between(1, Math.min(vaultCoins, 100)) } });
  } else if (depositAllowance > 0 && coins > 0) {
    await act(api, player, "bankDeposit", {
      body: { amount: between(1, Math.min(depositAllowance, coins, 60)) },
    });
  }
}

async function cashout(api: Api, player: SimPlayer) {
  const summary = await act<BankSummary>(api, player, "bank");
  if (summary.ok && summary.data.vaultCoins > 0) {
    await act(api, player, "bankCashout", {
      body: { gamertag: `Sim${player.index}`, amount: between(1, Math.min(5, summary.data.vaultCoins)) },
    });
  }
}

async function repair(api: Api, player: SimPlayer) {
  const bot = player.bots.find((b) => b.durability < b.maxDurability) ?? activeBot(player);
  if (bot) await act(api, player, "repairBot", asBotParams(bot));
}

async function activate(api: Api, player: SimPlayer) {
  const bot = pick(spareBots(player));
  if (!bot) return;
  await act(api, player, "activateBot", asBotParams(bot));
  await refreshRoster(api, player);
}

async function rename(api: Api, player: SimPlayer) {
  const bot = pick(player.bots.filter((b) => !b.isListed && b.setupStage === null));
  if (bot) await act(api, player, "renameBot", { ...asBotParams(bot), body: { name: randomName("Re") } });
}

async function refresh(api: Api, player: SimPlayer) {
  const bot = pick(spareBots(player));
  if (bot) await act(api, player, "refreshBot", asBotParams(bot));
}

async function fuse(api: Api, player: SimPlayer) {
  const spares = spareBots(player);
  const first = pick(spares);
  const second = first && spares.find((b) => b.id !== first.id && b.rarity === first.rarity);
  if (!first || !second) return;
  const reply = await act<{ bot: Bot }>(api, player, "fuseBots", {
    body: { bot1Id: first.id, bot2Id: second.id },
  });
  if (reply.ok && api.has("nameBot")) {
    await act(api, player, "nameBot", {
      ...asBotParams(reply.data.bot),
      body: { name: randomName("Fused") },
    });
  }
  await refreshRoster(api, player);
}

async function history(api: Api, player: SimPlayer) {
  const bot = activeBot(player);
  if (bot) await act(api, player, "recentBattles", { query: `botId=${bot.id}` });
}

const chatLines = [
  "gg",
  "anyone up for PvP?",
  "that legendary though",
  "guild recruiting, tag me",
  "lag?",
  "nice fight",
];

/**
 * A line in the chat now and then (the action's weight keeps a player far below 5 per 10 s): every simulated
 * player reads the `chat` channel, so each message fans out to all of them and its delay is measured.
 */
async function chat(api: Api, player: SimPlayer) {
  // A repeated message is refused, so each line carries the moment it was written.
  const line = `${pick(chatLines)} (${Date.now() % 100_000})`;
  await act(api, player, "sendChat", { body: { message: line } });
}

/** The current tournament: join it while it is open, ready up once joined. */
async function tournament(api: Api, player: SimPlayer) {
  const current = await act<CurrentTournamentResponse>(api, player, "currentTournament");
  const detail = current.ok ? current.data.tournament : null;
  if (!detail) return;
  if (detail.tournament.status !== "pending" || !activeBot(player)) return;
  const mine = detail.participants.find((p) => p.id === detail.myParticipantId);
  const params = { params: { id: detail.tournament.id } };
  if (!mine) await act(api, player, "joinTournament", params);
  else if (!mine.isReady) await act(api, player, "readyTournament", params);
}

/**
 * Guild life: a player without a guild joins one with a free seat (or, now and then, founds one for 100 coins);
 * a member donates 10 to 100 coins, looks at the guild's page, and rarely leaves. Eight guilds reaching 500
 * open a war, which the server plays on its own.
 */
async function guild(api: Api, player: SimPlayer) {
  const list = await act<GuildList>(api, player, "guilds");
  if (!list.ok) return;
  const mine = list.data.myGuild;
  if (!mine) {
    const open = list.data.guilds.filter((g) => g.memberCount < g.maxMembers);
    const target = pick(open);
    if (target && Math.random() < 0.85) {
      await act(api, player, "joinGuild", { params: { id: target.id } });
    } else if (player.me.coins >= 100) {
      const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
      await act(api, player, "createGuild", { body: { name: randomName("Clan"), tag } });
    }
    return;
  }
  const params = { params: { id: mine.guild.id } };
  const roll = Math.random();
  if (roll < 0.03) {
    await act(api, player, "leaveGuild", params);
  } else if (roll < 0.3) {
    await act(api, player, "guild", params);
  } else if (player.me.coins >= 10) {
    const amount = between(10, Math.min(100, player.me.coins));
    await act(api, player, "contributeToGuild", { ...params, body: { amount } });
  }
}

export const actions: Action[] = [
  {
    name: "browse",
    weight: 16,
    needs: ["me", "listBots"],
    run: async (api, p) => {
      const me = await act<Me>(api, p, "me");
      if (me.ok) p.me = me.data;
      await refreshRoster(api, p);
    },
  },
  { name: "train", weight: 8, needs: ["trainBot"], run: train },
  { name: "ai-battle", weight: 16, needs: ["findAiOpponent", "aiBattle"], run: fightAi },
  { name: "pvp-battle", weight: 8, needs: ["pvpOpponents", "pvpBattle"], run: fightPvp },
  { name: "summon", weight: 4, needs: ["summonBots", "listBots", "recycleBot"], run: summonOne },
  { name: "shop", weight: 5, needs: ["shop", "shopPurchase"], run: shop },
  { name: "equip", weight: 3, needs: ["inventory", "inventoryEquip"], run: equip },
  { name: "market-sell", weight: 3, needs: ["marketplaceCreateListing", "listBots"], run: sell },
  { name: "market-buy", weight: 4, needs: ["marketplace", "marketplaceBuy", "listBots"], run: buy },
  { name: "market-unlist", weight: 1, needs: ["marketplace", "marketplaceCancelListing"], run: unlist },
  { name: "bank", weight: 5, needs: ["bank", "bankDeposit", "bankWithdraw"], run: bank },
  { name: "cashout", weight: 1, needs: ["bank", "bankCashout"], run: cashout },
  {
    name: "leaderboard",
    weight: 4,
    needs: ["leaderboard"],
    run: (api, p) => act(api, p, "leaderboard").then(() => {}),
  },
  { name: "battle-history", weight: 3, needs: ["recentBattles"], run: history },
  { name: "repair", weight: 2, needs: ["repairBot"], run: repair },
  { name: "activate", weight: 2, needs: ["activateBot", "listBots"], run: activate },
  { name: "rename", weight: 1, needs: ["renameBot"], run: rename },
  { name: "refresh", weight: 1, needs: ["refreshBot"], run: refresh },
  { name: "fusion", weight: 1, needs: ["fuseBots", "listBots"], run: fuse },
  { name: "chat", weight: 2, needs: ["sendChat"], run: chat },
  {
    name: "tournament",
    weight: 3,
    needs: ["currentTournament", "joinTournament", "readyTournament"],
    run: tournament,
  },
  {
    name: "guild",
    weight: 3,
    needs: ["guilds", "guild", "createGuild", "joinGuild", "contributeToGuild", "leaveGuild"],
    run: guild,
  },
];

/** `--mix=ai-battle:30,bank:0` overrides weights by action name. */
export function applyMix(base: Action[], mix: string | undefined): Action[] {
  if (!mix) return base;
  const weights = new Map(
    mix.split(",").map((part) => {
      const [name, weight] = part.split(":");
      return [name ?? "", Number(weight)] as const;
    }),
  );
  for (const name of weights.keys()) {
    if (!base.some((a) => a.name === name)) throw new Error(`unknown action in --mix: ${name}`);
  }
  return base.map((a) => ({ ...a, weight: weights.get(a.name) ?? a.weight }));
}

export function chooseAction(list: Action[]): Action {
  const total = list.reduce((sum, a) => sum + a.weight, 0);
  let roll = Math.random() * total;
  for (const action of list) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return list[0]!;
}
