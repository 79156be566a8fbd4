// After the run, on the primary: every acknowledged request's key is stored (its claim committed) with its 2xx
// answer, or with none when the primary died between the commit and the answer's own UPDATE, and
// for every route the checker sends, each player's effects (ledger rows, battles, entries) number exactly the
// keys whose claim committed. A key's claim is inserted in its action's transaction, so the two counts match only
// if no action ran twice for one key and none ran without its key: every request, acknowledged or not, acted
// at most once, and an acknowledged one exactly once.
import pg from "pg";
import type { RouteKey } from "../sim/api";
import { NO_ANSWER } from "../sim/metrics";
import type { LoggedRequest } from "./request-log";

/** What one success of a route leaves behind for the player who sent it, counted per player. */
const EFFECTS: Partial<Record<RouteKey, { request: string; effects: string }>> = {
  bankDeposit: {
    request: "POST /api/bank/deposit",
    effects: `select user_id::text as player, count(*)::int as n from coin_ledger
      where account = 'vault' and reason = 'vault_deposit' group by 1`,
  },
  bankWithdraw: {
    request: "POST /api/bank/withdraw",
    effects: `select user_id::text as player, count(*)::int as n from coin_ledger
      where account = 'vault' and reason = 'vault_withdraw' group by 1`,
  },
  marketplaceBuy: {
    request: "POST /api/marketplace/listings/%/buy",
    effects: `select user_id::text as player, count(*)::int as n from coin_ledger
      where reason = 'marketplace_purchase' group by 1`,
  },
  pvpBattle: {
    request: "POST /api/arena/pvp/battle",
    effects:
      "select attacker_user_id::text as player, count(*)::int as n from battles where kind = 'pvp' group by 1",
  },
  joinTournament: {
    request: "POST /api/tournaments/%/join",
    effects: "select user_id::text as player, count(*)::int as n from tournament_participants group by 1",
  },
};

export type RequestChecks = {
  acknowledged: number;
  unacknowledged: number;
  /** Of those, the ones still refused (503 or no answer) when their retries ran out; the rest were refusals (4xx). */
  refusedToTheEnd: number;
  /** Unacknowledged requests whose action committed anyway (an answer lost, or refused after its commit). */
  committedUnacknowledged: number;
  /** Acknowledged requests whose key's claim is missing, or stored with another answer than a 2xx. */
  lost: string[];
  /**
   * Acknowledged requests whose claim committed but whose answer was not stored: the server sends its answer
   * even when that UPDATE fails (platform/idempotency/requests.ts), and a repeat replays from the effect.
   */
  answerNotStored: number;
  /** Route and player where effects and committed keys differ. */
  miscounted: string[];
};

export async function checkRequests(primaryUrl: string, requests: LoggedRequest[]): Promise<RequestChecks> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const players = [...new Set(requests.map((r) => r.playerId))];
    const { rows: keys } = await client.query<{
      player: string;
      key: string;
      request: string;
      status: number | null;
    }>(
      "select player_id::text as player, key, request, status from idempotency_keys where player_id = any($1)",
      [players],
    );
    const stored = new Map(keys.map((k) => [`${k.player} ${k.key}`, k]));
    const acked = requests.filter((r) => r.acknowledged);
    const unacked = requests.filter((r) => !r.acknowledged);
    const lost = acked
      .filter((r) => {
        const row = stored.get(`${r.playerId} ${r.key}`);
        return !row || (row.status !== null && (row.status < 200 || row.status > 299));
      })
      .map((r) => `${r.route} ${r.key} of ${r.playerId}`);

    const miscounted: string[] = [];
    for (const [route, spec] of Object.entries(EFFECTS)) {
      const pattern = new RegExp(`^${spec.request.replace("%", "[^/]+")}$`);
      const claims = new Map<string, number>();
      for (const k of keys)
        if (pattern.test(k.request)) claims.set(k.player, (claims.get(k.player) ?? 0) + 1);
      const { rows } = await client.query<{ player: string; n: number }>(spec.effects);
      const effects = new Map(rows.map((r) => [r.player, r.n]));
      for (const player of players) {
        const [c, e] = [claims.get(player) ?? 0, effects.get(player) ?? 0];
        if (c !== e) miscounted.push(`${route} of ${player}: ${e} effects for ${c} committed keys`);
      }
    }
    return {
      acknowledged: acked.length,
      answerNotStored: acked.filter((r) => stored.get(`${r.playerId} ${r.key}`)?.status === null).length,
      unacknowledged: unacked.length,
      refusedToTheEnd: unacked.filter((r) => r.status === 503 || r.status === NO_ANSWER).length,
      committedUnacknowledged: unacked.filter((r) => stored.has(`${r.playerId} ${r.key}`)).length,
      lost,
      miscounted,
    };
  } finally {
    await client.end();
  }
}
