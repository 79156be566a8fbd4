// A tournament's payouts at the coin maximum (1,000,000,000,000): a prize or refund to a full wallet never stops
// the tournament; the wallet fills to the maximum and the rest goes to the house, with the books still clean.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Player } from "../../../test/helpers";
import { coinsOf } from "../bots/testing";
import {
  type Arena,
  adminAction,
  createTournament,
  detail,
  entrants,
  expectEconomyClean,
  ledgerOf,
  openArena,
  playUntil,
  tournamentRow,
} from "./testing";

const MAX = 1_000_000_000_000;

let arena: Arena;
beforeAll(async () => {
  arena = await openArena();
});
afterAll(() => arena.t.close());

/** Tops a wallet up to `coins` as an admin's grant, so the economy audit counts the coins as created. */
async function fillWallet(player: Player, coins: number): Promise<void> {
  const amount = coins - (await coinsOf(player));
  const response = await arena.admin.post("/api/admin/grants/coins", {
    email: player.email,
    amount,
    reason: "A fortune for the test",
  });
  expect(response.statusCode).toBe(200);
}

describe("payouts at the coin maximum", () => {
  it("a prize past the maximum: the tournament completes, the winner ends at the maximum, the rest goes to the house", async () => {
    const cup = await createTournament(arena.admin, { name: "Full Purse Cup" });
    const players = await entrants(arena, cup.id, 2);
    for (const p of players) await fillWallet(p, MAX - 100);
    await adminAction(arena.admin, cup.id, "start");
    await playUntil(arena, cup.id, "completed");

    const done = await detail(players[0]!, cup.id);
    const [first, second] = [...done.participants].sort((a, b) => a.placement! - b.placement!);
    const ownerOf = (userId: string) => players.find((p) => p.id === userId)!;
    // The pool of 300 pays 180 and 60: 100 of the 180 fit, 80 go to the house; the 60 fit.
    expect(await coinsOf(ownerOf(first!.userId))).toBe(MAX);
    expect(await coinsOf(ownerOf(second!.userId))).toBe(MAX - 40);
    expect((await tournamentRow(arena.t.db, cup.id)).poolBalance).toBe(0);
    expect(await ledgerOf(arena.t.db, cup.id)).toEqual([
      { reason: "house_cut_tournament", account: "tournament_pool", rows: 1, total: -60 },
      { reason: "house_cut_tournament_overflow", account: "tournament_pool", rows: 1, total: -80 },
      { reason: "tournament_entry", account: "tournament_pool", rows: 2, total: 300 },
      { reason: "tournament_entry", account: "wallet", rows: 2, total: -300 },
      { reason: "tournament_prize", account: "tournament_pool", rows: 2, total: -160 },
      { reason: "tournament_prize", account: "wallet", rows: 2, total: 160 },
    ]);
    await expectEconomyClean(arena.t.db);
  });

  it("Stop refunds a full wallet's fee to the house and still cancels the tournament", async () => {
    const cup = await createTournament(arena.admin, { name: "Full Stop Cup" });
    const [full, other] = await entrants(arena, cup.id, 2);
    await fillWallet(full!, MAX);
    expect((await adminAction(arena.admin, cup.id, "stop")).statusCode).toBe(200);

    expect((await tournamentRow(arena.t.db, cup.id)).status).toBe("cancelled");
    expect(await coinsOf(full!)).toBe(MAX);
    expect(await coinsOf(other!)).toBe(1000);
    expect(await ledgerOf(arena.t.db, cup.id)).toEqual([
      { reason: "house_cut_tournament_overflow", account: "tournament_pool", rows: 1, total: -150 },
      { reason: "tournament_entry", account: "tournament_pool", rows: 2, total: 300 },
      { reason: "tournament_entry", account: "wallet", rows: 2, total: -300 },
      { reason: "tournament_refund", account: "tournament_pool", rows: 1, total: -150 },
      { reason: "tournament_refund", account: "wallet", rows: 1, total: 150 },
    ]);
    await expectEconomyClean(arena.t.db);
  });

  it("admin mode: the house creates a prize only up to the maximum", async () => {
    const cup = await createTournament(arena.admin, { name: "Full House Cup", entryFeeMode: "admin" });
    const players = await entrants(arena, cup.id, 2);
    for (const p of players) await fillWallet(p, MAX - 100);
    await adminAction(arena.admin, cup.id, "force-complete");

    expect((await tournamentRow(arena.t.db, cup.id)).status).toBe("completed");
    // Rewards of 1000 and 500: 100 of each fit.
    for (const p of players) expect(await coinsOf(p)).toBe(MAX);
    expect(await ledgerOf(arena.t.db, cup.id)).toEqual([
      { reason: "house_reward_tournament", account: "wallet", rows: 2, total: 200 },
    ]);
    await expectEconomyClean(arena.t.db);
  });
});
