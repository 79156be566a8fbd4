// Linked accounts and the coins that moved between them (issue 38): a sighting of one device or address links
// two accounts within the window, and the coins counted come from tournament pools (a linked entrant's fee into a
// pool the player won a prize from, up to the prize) and PvP stakes (loser to winner), each way.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { battles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { storedBattle } from "../battles/testing";
import { type Arena, createTournament, entrants, openArena, playUntil } from "../tournament/testing";
import { linkedAccounts, linksWithCoins, recordSighting } from "./links";

let arena: Arena;
beforeAll(async () => {
  arena = await openArena();
});
afterAll(() => arena.t.close());

const DAY = 24 * 60 * 60 * 1000;

describe("linked accounts", () => {
  it("are seen on one device or address within the window, and only then", async () => {
    const [a, b, c] = [await signUp(arena.t.app), await signUp(arena.t.app), await signUp(arena.t.app)];
    const now = arena.clock.now();
    await recordSighting(arena.t.db, a!.id, { device: "device-a", address: "198.51.100.7" }, now);
    await recordSighting(
      arena.t.db,
      b!.id,
      { device: "device-a", address: null },
      new Date(now.getTime() + DAY),
    );
    await recordSighting(
      arena.t.db,
      c!.id,
      { device: null, address: "198.51.100.7" },
      new Date(now.getTime() + 31 * DAY),
    );
    const links = await linkedAccounts(arena.t.db, a!.id, 30);
    expect(links.map((link) => [link.userId, link.device, link.address])).toEqual([[b!.id, true, false]]);
    // c came 31 days after a's only sighting: outside the window. A sign-in of a's then links them.
    await recordSighting(
      arena.t.db,
      a!.id,
      { device: null, address: "198.51.100.7" },
      new Date(now.getTime() + 32 * DAY),
    );
    expect((await linkedAccounts(arena.t.db, a!.id, 30)).map((link) => link.userId).sort()).toEqual(
      [b!.id, c!.id].sort(),
    );
  });

  it("count tournament prizes paid from a linked entrant's fee, and PvP stakes, each way", async () => {
    const cup = await createTournament(arena.admin, { name: "Pool Cup" });
    const [one, two] = await entrants(arena, cup.id, 2);
    await playUntil(arena, cup.id, "completed");
    const now = arena.clock.now();
    for (const p of [one!, two!])
      await recordSighting(arena.t.db, p.id, { device: "shared-rig", address: null }, now);
    // The pool of two fees (150 each) paid 60 % and 20 %: 180 and 60.
    const prizes = rowsOf<{ userId: string; delta: number }>(
      await arena.t.db.execute(
        sql`select user_id as "userId", delta from coin_ledger where reason = 'tournament_prize' and ref_id = ${cup.id}`,
      ),
    );
    const byUser = new Map(prizes.map((row) => [row.userId, Number(row.delta)]));
    expect([...byUser.values()].sort((x, y) => x - y)).toEqual([60, 180]);
    const [winner, loser] =
      (byUser.get(one!.id) ?? 0) > (byUser.get(two!.id) ?? 0) ? [one!, two!] : [two!, one!];
    const pvp = (attacker: UserId, defender: UserId, won: "attacker" | "defender", coinsMoved: number) =>
      storedBattle({
        kind: "pvp",
        winner: won,
        attackerUserId: attacker,
        defenderUserId: defender,
        coinsMoved,
      });
    await arena.t.db
      .insert(battles)
      .values([
        pvp(winner.id, loser.id, "attacker", 40),
        pvp(loser.id, winner.id, "defender", 7),
        pvp(loser.id, winner.id, "attacker", 25),
        pvp(winner.id, loser.id, "defender", 0),
      ]);
    const [link] = await linksWithCoins(arena.t.db, winner.id, 30);
    expect(link).toMatchObject({
      userId: loser.id,
      device: true,
      // The loser's 150 fee, up to the winner's 180 prize; 40 and 7 won from the loser in PvP.
      coinsIn: 150 + 40 + 7,
      // The winner's fee paid the loser's 60 prize; 25 lost to the loser's attack.
      coinsOut: 60 + 25,
    });
  });
});
