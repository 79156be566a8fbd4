// A list read over the whole game (or a page of a player's history) costs the database far more than a lookup of
// the player's own rows, and on PGlite every query runs on the one event loop that serves everyone: each such
// read is charged EXPENSIVE_READ_COST requests of the player's rate, so a player who reads lists in a loop is
// told to wait (429, Retry-After) within a minute's worth of them, and nobody else notices.
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, type Player, signUp } from "../../../test/helpers";
import { createBot } from "../../features/bots/testing";
import { EXPENSIVE_READ_COST, limitMessages } from "./request-limits";

const shared = appsOnOneDatabase();
const appAllowing = (requests: number) =>
  shared.appWith({ playerLimits: { requests, windowMs: 60_000, concurrent: 4, concurrentReads: 4 } });

/** Every expensive read of the API, as the web app asks for it. */
const expensiveReads = [
  "/api/leaderboard",
  "/api/marketplace",
  "/api/marketplace/price-guide?rarity=common&level=1",
  "/api/bank/ledger?limit=50",
  "/api/summons?page=1",
  "/api/tournaments",
  "/api/guilds",
  "/api/guilds?search=iron",
  "/api/arena/pvp/opponents",
  // Drawn anew each time: one player's loop of them slowed everyone's answers (issue 43).
  "/api/bots/preview.svg?model=Nova%20S-4&colorScheme=Cyber%20Blue",
];
/** Reads of the player's own few rows, which every page makes and the live events refresh: one request each. */
const ownReads = ["/api/me", "/api/bots", "/api/bank", "/api/inventory", "/api/tournaments/current"];

const answered = async (player: Player, url: string) => {
  const answer = await player.get(url);
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
};

describe("the rate's cost of a read", () => {
  it(`charges each expensive list read ${EXPENSIVE_READ_COST} requests`, async () => {
    // Room for one expensive read and one more request: a cost of 4 would let a third through, 6 the second.
    const { app } = await appAllowing(EXPENSIVE_READ_COST + 1);
    for (const url of expensiveReads) {
      const player = await signUp(app);
      await answered(player, url);
      await answered(player, "/api/me");
      expect(errorOf(await player.get("/api/me")).status, url).toBe(429);
    }
  });

  it(`charges the customization preview ${EXPENSIVE_READ_COST} requests, like the creation preview`, async () => {
    // The bot's creation is the one request besides.
    const { app } = await appAllowing(1 + EXPENSIVE_READ_COST + 1);
    const player = await signUp(app);
    const bot = await createBot(player, { name: "Preview" });
    await answered(player, `/api/bots/${bot.id}/customize/preview.svg?name=Bolt&colorScheme=Crimson`);
    await answered(player, "/api/me");
    expect(errorOf(await player.get("/api/me")).status).toBe(429);
  });

  it("charges a read of the player's own rows 1", async () => {
    const { app } = await appAllowing(ownReads.length);
    const player = await signUp(app);
    for (const url of ownReads) await answered(player, url);
    expect(errorOf(await player.get("/api/me")).status).toBe(429);
  });

  it("refuses the greedy reader with 429 and Retry-After, and leaves another player's reads alone", async () => {
    const { app } = await appAllowing(60);
    const greedy = await signUp(app);
    const other = await signUp(app);
    const reads = await Promise.all(Array.from({ length: 20 }, () => greedy.get("/api/leaderboard")));
    const served = reads.filter((answer) => answer.statusCode === 200).length;
    expect(served).toBe(60 / EXPENSIVE_READ_COST);
    const refused = reads.find((answer) => answer.statusCode !== 200)!;
    expect(errorOf(refused)).toEqual({ status: 429, code: "RATE_LIMITED", message: limitMessages.tooFast });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    await answered(other, "/api/leaderboard");
    await answered(other, "/api/me");
  });
});
