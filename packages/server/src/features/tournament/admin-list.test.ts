// What the admin's tournament list says beyond the summary: the create form's defaults from the server's
// configuration (not numbers the web app made up), and how each tournament ended, so a cancelled one is not
// read as owing prizes and a paid one not as an empty pool.
import type { AdminTournament, AdminTournamentsResponse, PastTournamentsResponse } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Arena, adminAction, createTournament, detail, entrants, openArena, playUntil } from "./testing";

let arena: Arena;
beforeAll(async () => {
  arena = await openArena({ config: { tournament: { registrationMinutes: 3, roundSeconds: 20 } } });
});
afterAll(() => arena.t.close());

const list = async () => (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
const inList = async (id: string): Promise<AdminTournament> =>
  (await list()).tournaments.find((t) => t.id === id)!;
/** The players' list of past tournaments (the /tournament page's), which keeps how each ended too. */
const inPast = async (id: string) =>
  (await arena.admin.get("/api/tournaments"))
    .json<PastTournamentsResponse>()
    .tournaments.find((t) => t.id === id);

describe("GET /api/admin/tournaments", () => {
  it("gives the create form the configured registration and round lengths", async () => {
    expect((await list()).defaults).toEqual({ registrationMinutes: 3, roundSeconds: 20 });
  });

  it("a cancelled one-player tournament ended cancelled with no prizes, archived or not", async () => {
    const cup = await createTournament(arena.admin, { name: "Lonely Cup" });
    expect(await inList(cup.id)).toMatchObject({ ended: null, prizesPaid: 0 });
    await entrants(arena, cup.id, 1);
    await adminAction(arena.admin, cup.id, "start");
    expect(await inList(cup.id)).toMatchObject({ status: "cancelled", ended: "cancelled", prizesPaid: 0 });
    await adminAction(arena.admin, cup.id, "archive");
    expect(await inList(cup.id)).toMatchObject({ status: "archived", ended: "cancelled", prizesPaid: 0 });
    expect(await inPast(cup.id)).toMatchObject({ status: "archived", ended: "cancelled", champion: null });
  });

  it("a completed tournament says what its podium was paid, archived or not", async () => {
    const cup = await createTournament(arena.admin, { name: "Paid Cup" });
    await entrants(arena, cup.id, 4);
    await adminAction(arena.admin, cup.id, "start");
    expect(await inList(cup.id)).toMatchObject({ status: "active", ended: null, prizesPaid: 0 });
    await playUntil(arena, cup.id, "completed");
    const paid = (await detail(arena.admin, cup.id)).participants.reduce((sum, p) => sum + p.prizeWon, 0);
    expect(paid).toBe(540); // 4 x 150: 60/20/10 of 600
    expect(await inList(cup.id)).toMatchObject({ ended: "completed", prizesPaid: 540, poolBalance: 0 });
    await adminAction(arena.admin, cup.id, "archive");
    expect(await inList(cup.id)).toMatchObject({ status: "archived", ended: "completed", prizesPaid: 540 });
    expect(await inPast(cup.id)).toMatchObject({ status: "archived", ended: "completed" });
  });
});
