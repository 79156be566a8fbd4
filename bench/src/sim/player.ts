// A simulated player: their server, session, last known roster and the money answers the server acknowledged.
import type { Bot, BotList, Me } from "@bot-arena/contract";
import { BOT_MODEL_NAMES, Coins, CREATION_COLOR_SCHEMES } from "@bot-arena/game";
import type { Api, Caller } from "./api";
import type { LiveSocket } from "./live";

/** A balance the server answered with 2xx: after a crash it must still be in that player's ledger. */
export type MoneyAck = { account: "wallet" | "vault"; balance: number; route: string };

export type SimPlayer = {
  index: number;
  caller: Caller & { cookie: string };
  me: Me;
  email: string;
  bots: Bot[];
  live: LiveSocket | null;
  acks: MoneyAck[];
};

export const PASSWORD = "sim-player-pass";

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function randomName(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 9)}`;
}

/** Remembers every balance a money route answered with, whatever the route calls it. */
export function noteMoney(player: SimPlayer, route: string, data: unknown): void {
  if (!data || typeof data !== "object") return;
  const fields = data as Record<string, unknown>;
  for (const [field, account] of [
    ["newCoinBalance", "wallet"],
    ["newCoins", "wallet"],
    ["newVaultCoins", "vault"],
  ] as const) {
    const balance = fields[field];
    if (typeof balance !== "number") continue;
    player.acks.push({ account, balance, route });
    if (account === "wallet") player.me = { ...player.me, coins: Coins(balance) };
  }
}

export async function refreshRoster(api: Api, player: SimPlayer): Promise<void> {
  if (!api.has("listBots")) return;
  const reply = await api.call<BotList>(player.caller, "listBots");
  if (reply.ok) player.bots = reply.data.bots;
}

export const activeBot = (player: SimPlayer) => player.bots.find((b) => b.isActive) ?? null;
/** Bots that may be sold, recycled or fused: ready, not active, not listed. */
export const spareBots = (player: SimPlayer) =>
  player.bots.filter((b) => !b.isActive && !b.isListed && b.setupStage === null);

/** Makes an account without the API (bulk-players.ts); null: through POST /api/auth/sign-up. */
export type AccountMaker = { create(username: string, email: string): Promise<{ me: Me; cookie: string }> };

async function signUpThroughApi(api: Api, base: URL, username: string, email: string) {
  const reply = await api.call<Me>({ base }, "signUp", { body: { username, email, password: PASSWORD } });
  return reply.ok && reply.cookie ? { me: reply.data, cookie: reply.cookie } : null;
}

/** Signs up, and creates the free first bot when that route exists. Returns null when sign-up is refused. */
export async function signUpPlayer(
  api: Api,
  base: URL,
  index: number,
  runId: string,
  accounts: AccountMaker | null = null,
): Promise<SimPlayer | null> {
  const username = `sim${runId}_${index}`;
  const email = `${username}@arena.test`;
  const account = accounts
    ? await accounts.create(username, email)
    : await signUpThroughApi(api, base, username, email);
  if (!account) return null;
  const player: SimPlayer = {
    index,
    caller: { base, cookie: account.cookie },
    me: account.me,
    email,
    bots: [],
    live: null,
    acks: [],
  };
  if (api.has("createBot")) {
    const created = await api.call<Bot>(player.caller, "createBot", {
      body: {
        name: randomName("Sim"),
        model: pick(BOT_MODEL_NAMES),
        colorScheme: pick(CREATION_COLOR_SCHEMES).name,
        ...{ strength: 10, agility: 10, defense: 10, intelligence: 10 },
      },
    });
    if (created.ok) player.bots = [created.data];
  }
  return player;
}
