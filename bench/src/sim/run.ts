// Setting the players up (sign-up, coins from the admin, first bot, live socket) and letting them play until
// the time or action budget runs out. Every loop is bounded by both.
import { CHAT_UNREAD_CHANNEL, type LiveChannel, type Me } from "@bot-arena/contract";
import { type Action, chooseAction } from "./actions";
import type { Api, Caller } from "./api";
import { openLive } from "./live";
import type { Metrics } from "./metrics";
import { type AccountMaker, refreshRoster, type SimPlayer, signUpPlayer } from "./player";

export const ADMIN_EMAIL = "sim-admin@arena.test";

/** Runs `task` for 0..count-1 with at most `concurrency` at a time. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export async function signUpAdmin(api: Api, base: URL, runId: string): Promise<Caller | null> {
  if (!api.has("grantCoins")) return null;
  const reply = await api.call<Me>({ base }, "signUp", {
    body: { username: `simadmin${runId}`, email: ADMIN_EMAIL, password: "sim-admin-pass" },
  });
  return reply.ok && reply.cookie && reply.data.isAdmin ? { base, cookie: reply.cookie } : null;
}

/**
 * What each player's page follows, as the web app subscribes: `me`, and the chat itself only while the chat
 * panel is open, else the unread digest of its badge. One player in five keeps the panel open here (every
 * one of them did before the digest existed, which is how the web app then behaved).
 */
export const liveChannelsOf = (index: number): LiveChannel[] =>
  index % 5 === 0 ? ["me", "chat"] : ["me", CHAT_UNREAD_CHANNEL];

export type SetUpOptions = {
  players: number;
  bases: URL[];
  runId: string;
  concurrency: number;
  admin: Caller | null;
  grant: number;
  metrics: () => Metrics;
  /** Accounts made without the API (PostgreSQL runs); null signs every player up through it. */
  accounts: AccountMaker | null;
};

export async function setUpPlayers(api: Api, options: SetUpOptions): Promise<SimPlayer[]> {
  const players: SimPlayer[] = [];
  await pool(options.players, options.concurrency, async (i) => {
    const base = options.bases[i % options.bases.length]!;
    const player = await signUpPlayer(api, base, i, options.runId, options.accounts);
    if (!player) return;
    if (options.admin && options.grant > 0) {
      await api.call(options.admin, "grantCoins", {
        body: { email: player.email, amount: options.grant, reason: "simulation setup" },
      });
    }
    player.live = await openLive(base, player.caller.cookie, liveChannelsOf(i), options.metrics).catch(
      () => null,
    );
    await refreshRoster(api, player);
    players.push(player);
  });
  return players;
}

export type PlayOptions = {
  actions: Action[];
  seconds: number;
  maxActions: number;
  /** Mean pause between one player's actions, as a person reads the answer; 0 for a closed loop. */
  thinkMs: number;
  metrics: () => Metrics;
  /** Set by a fault run to stop early. */
  stop?: { requested: boolean };
};

export async function play(api: Api, players: SimPlayer[], options: PlayOptions): Promise<number> {
  const deadline = performance.now() + options.seconds * 1000;
  let done = 0;
  const usable = options.actions.filter((a) => a.weight > 0);
  const runnable = usable.filter((a) => a.needs.every((key) => api.has(key)));
  for (const action of usable) if (!runnable.includes(action)) options.metrics().skip(action.name);
  if (runnable.length === 0) return 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const more = () => performance.now() < deadline && done < options.maxActions && !options.stop?.requested;

  await Promise.all(
    players.map(async (player) => {
      // Spread the first actions over one think time so the players do not all start in the same millisecond.
      await sleep(Math.random() * options.thinkMs);
      while (more()) {
        done += 1;
        await chooseAction(runnable).run(api, player);
        if (options.thinkMs > 0) await sleep(options.thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  return done;
}
