// Every format through the API and the runner on a stopped clock, with 2, 3, 5, 8 and 16 players: the admin
// creates it with its format, the ready players make round 1, each round's window ends and the next is paired
// from the results, and the podium is paid by the format's standings (admin mode: 1000/500/250). Byes for odd
// counts, no rematch where the format forbids one, first strike balanced, the books clean.
import type { AdminTournamentsResponse, TournamentDetail, TournamentFormat } from "@bot-arena/contract";
import { defaultSwissRounds } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf } from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { tournamentParticipants } from "../../platform/db/schema";
import { type Pilot, pilot, setBot } from "../arena/testing";
import {
  type Arena,
  adminAction,
  createTournament,
  detail,
  expectEconomyClean,
  join,
  openArena,
  playUntil,
  ready,
  tournamentRow,
} from "./testing";

let arena: Arena;
const pilots: Pilot[] = [];
beforeAll(async () => {
  arena = await openArena();
  // Sixteen pilots of distinct strength (pilots[0] the strongest), reused by every tournament in turn.
  for (let i = 0; i < 16; i++) {
    const p = await pilot(arena.t, `Format Bot ${i + 1}`);
    const n = 40 - i;
    await setBot(arena.t.db, p.bot.id, { strength: n, agility: n, defense: n, intelligence: n });
    pilots.push(p);
  }
}, 120_000);
afterAll(() => arena.t.close());

const REWARDS = { first: 1000, second: 500, third: 250 };

type MatchFact = {
  round: number;
  p1: string;
  p2: string | null;
  winner: string | null;
  striker: string | null;
  battle: string | null;
  status: string;
};

async function matchFacts(id: string): Promise<MatchFact[]> {
  return rowsOf<MatchFact>(
    await arena.t.db.execute(sql`
      select round, participant1_id as p1, participant2_id as p2, winner_id as winner,
        first_strike_id as striker, battle_id as battle, status
      from tournament_matches where tournament_id = ${id}::uuid order by match_number`),
  );
}

/** Creates a tournament of `format`, enters the first `n` pilots ready, and starts it. */
async function started(format: TournamentFormat, n: number): Promise<string> {
  const cup = await createTournament(arena.admin, {
    name: `${format} ${n}`,
    entryFeeMode: "admin",
    rewards: REWARDS,
    format,
    maxPlayers: 16,
    roundSeconds: 60,
  });
  expect(cup).toMatchObject({ format, swissRounds: null, status: "pending" });
  for (const p of pilots.slice(0, n)) {
    expect((await join(p, cup.id)).statusCode).toBe(200);
    expect((await ready(p, cup.id)).statusCode).toBe(200);
  }
  expect((await adminAction(arena.admin, cup.id, "start")).statusCode).toBe(200);
  return cup.id;
}

const expectedRounds: Record<TournamentFormat, (n: number) => number | null> = {
  single_elimination: (n) => Math.ceil(Math.log2(n)),
  round_robin: (n) => (n % 2 === 0 ? n - 1 : n),
  swiss: (n) => defaultSwissRounds(n),
  // Depends on whether the grand final needs its reset.
  double_elimination: () => null,
};

describe.each(["single_elimination", "double_elimination", "round_robin", "swiss"] as const)(
  "%s",
  (format) => {
    it.each([2, 3, 5, 8, 16])("plays to the end with %i players and pays by its standings", async (n) => {
      const id = await started(format, n);
      const opening = await detail(pilots[0]!, id);
      expect(opening.tournament).toMatchObject({ format, status: "active", currentRound: 1 });
      const planned = opening.tournament.totalRounds;
      expect(planned).toBeGreaterThan(0);

      await playUntil(arena, id, "completed", planned + 3);
      const row = await tournamentRow(arena.t.db, id);
      const facts = await matchFacts(id);
      const roundsPlayed = Math.max(...facts.map((m) => m.round));
      expect(roundsPlayed).toBe(row.currentRound);
      if (expectedRounds[format](n) !== null) expect(roundsPlayed).toBe(expectedRounds[format](n));
      else expect(roundsPlayed).toBeLessThanOrEqual(planned);

      // Nobody plays twice in a round, every fought match has its battle and its first striker, byes none.
      for (let round = 1; round <= roundsPlayed; round++) {
        const seats = facts.filter((m) => m.round === round).flatMap((m) => [m.p1, m.p2].filter(Boolean));
        expect(new Set(seats).size).toBe(seats.length);
      }
      for (const m of facts) {
        expect(m.status).toBe("completed");
        // A bye has one side (single elimination's bracket may leave either empty), no battle, no striker.
        const sides = [m.p1, m.p2].filter((side) => side !== null);
        if (sides.length < 2) expect([m.battle, m.striker, m.winner]).toEqual([null, null, sides[0] ?? null]);
        else {
          expect(m.battle).not.toBeNull();
          expect(sides).toContain(m.striker);
          expect(sides).toContain(m.winner);
        }
      }
      const fought = facts.filter((m) => m.p1 !== null && m.p2 !== null);
      if (format === "round_robin" || format === "swiss") {
        const pairs = fought.map((m) => [m.p1, m.p2].sort().join(" "));
        expect(new Set(pairs).size).toBe(pairs.length);
      }
      if (format === "round_robin") expect(fought).toHaveLength((n * (n - 1)) / 2);

      // Places 1..n, the podium paid by them, the same order in the page's table.
      const entries = await arena.t.db
        .select()
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, id));
      const places = entries.map((e) => e.placement).sort((a, b) => a! - b!);
      expect(places).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const prizeOf = (place: number) => [REWARDS.first, REWARDS.second, REWARDS.third][place - 1] ?? 0;
      for (const e of entries) expect(e.prizeWon).toBe(prizeOf(e.placement!));
      const end: TournamentDetail = await detail(pilots[0]!, id);
      expect(end.standings.map((s) => s.place)).toEqual(places);
      const placeOf = new Map(entries.map((e) => [e.id, e.placement]));
      for (const s of end.standings) expect(s.place).toBe(placeOf.get(s.participantId));
      if (format === "double_elimination") {
        // Everyone but the champion goes out on a second loss.
        for (const s of end.standings) expect(s.losses).toBe(s.place === 1 ? s.losses : 2);
        expect(end.standings[0]!.losses).toBeLessThanOrEqual(1);
      }
      if (format === "swiss") expect(end.standings.every((s) => s.buchholz !== null)).toBe(true);
      else expect(end.standings.every((s) => s.buchholz === null)).toBe(true);
      if (format === "round_robin" || format === "swiss") {
        // A round with an odd number of players gives one of them a bye, never the same one twice in Swiss.
        const byes = end.standings.reduce((sum, s) => sum + s.byes, 0);
        expect(byes).toBe(n % 2 === 1 ? roundsPlayed : 0);
      }
      await expectEconomyClean(arena.t.db);
    });
  },
);

/** The live matches' stored battles are rewritten so that `winner` wins the one they are in. */
async function rigLiveMatches(id: string, winner: string): Promise<void> {
  await arena.t.db.execute(sql`
    update battles b set winner = case when m.first_strike_id = ${winner}::uuid then 'attacker' else 'defender' end
    from tournament_matches m
    where m.battle_id = b.id and m.tournament_id = ${id}::uuid and m.status = 'in_progress'
      and ${winner}::uuid in (m.participant1_id, m.participant2_id)`);
}

describe("double elimination's bracket reset", () => {
  /** Two players' double elimination, planned with its reset (round 3); `step` rigs the live match and plays on. */
  async function bracketOfTwo() {
    const id = await started("double_elimination", 2);
    const row = await tournamentRow(arena.t.db, id);
    const at = (rounds: number) => new Date(row.startedAt!.getTime() + rounds * 60_000);
    expect(row).toMatchObject({ plannedRounds: 3, currentRound: 1, nextDueAt: at(1), battleEndsAt: at(3) });
    const entries = await arena.t.db
      .select()
      .from(tournamentParticipants)
      .where(eq(tournamentParticipants.tournamentId, id));
    const [strong, weak] = [1, 2].map((seed) => entries.find((e) => e.seed === seed)!.id) as [string, string];
    const step = async (winner: string) => {
      await rigLiveMatches(id, winner);
      const due = (await tournamentRow(arena.t.db, id)).nextDueAt!;
      arena.clock.advance(due.getTime() - arena.clock.now().getTime());
      await arena.t.app.reconciler.runOnce();
      return tournamentRow(arena.t.db, id);
    };
    const placesOf = async () =>
      Object.fromEntries(
        (
          await arena.t.db
            .select()
            .from(tournamentParticipants)
            .where(eq(tournamentParticipants.tournamentId, id))
        ).map((e) => [e.id, [e.placement, e.prizeWon]]),
      );
    return { id, at, strong, weak, step, placesOf };
  }

  it("is played when the losers' champion wins the grand final, its deadline counted from the start", async () => {
    const { id, at, strong, weak, step, placesOf } = await bracketOfTwo();
    // The winners' final to the stronger seed; the grand final to the weaker: the reset is round 3.
    expect(await step(strong)).toMatchObject({ status: "active", currentRound: 2, nextDueAt: at(2) });
    expect(await step(weak)).toMatchObject({ status: "active", currentRound: 3, nextDueAt: at(3) });
    const reset = (await matchFacts(id)).filter((m) => m.round === 3);
    expect(reset).toMatchObject([{ status: "in_progress" }]);
    expect([reset[0]!.p1, reset[0]!.p2].sort()).toEqual([strong, weak].sort());

    expect(await step(weak)).toMatchObject({ status: "completed", currentRound: 3 });
    expect(await placesOf()).toEqual({ [weak]: [1, REWARDS.first], [strong]: [2, REWARDS.second] });
    await expectEconomyClean(arena.t.db);
  });

  it("is not played when the winners' champion wins the grand final: the event ends a round before its plan", async () => {
    const { id, strong, weak, step, placesOf } = await bracketOfTwo();
    await step(strong);
    expect(await step(strong)).toMatchObject({ status: "completed", currentRound: 2, nextDueAt: null });
    expect((await matchFacts(id)).filter((m) => m.round === 3)).toEqual([]);
    expect(await placesOf()).toEqual({ [strong]: [1, REWARDS.first], [weak]: [2, REWARDS.second] });
  });
});

describe("first strike", () => {
  it("round 1 of a bracket never hands it to the higher seed, and a round robin keeps everyone within one", async () => {
    const cup = await started("single_elimination", 8);
    const seedOf = new Map(
      (
        await arena.t.db
          .select()
          .from(tournamentParticipants)
          .where(eq(tournamentParticipants.tournamentId, cup))
      ).map((p) => [p.id, p.seed!]),
    );
    const first = (await matchFacts(cup)).filter((m) => m.round === 1);
    expect(first).toHaveLength(4);
    for (const m of first)
      expect(seedOf.get(m.striker!)).toBe(Math.max(seedOf.get(m.p1)!, seedOf.get(m.p2!)!));
    await playUntil(arena, cup, "completed");

    const league = await started("round_robin", 8);
    await playUntil(arena, league, "completed", 10);
    const balance = new Map<string, number>();
    for (const m of await matchFacts(league)) {
      const second = m.striker === m.p1 ? m.p2! : m.p1;
      balance.set(m.striker!, (balance.get(m.striker!) ?? 0) + 1);
      balance.set(second, (balance.get(second) ?? 0) - 1);
    }
    expect(balance.size).toBe(8);
    for (const value of balance.values()) expect(Math.abs(value)).toBeLessThanOrEqual(1);
  });
});

describe("the admin's settings", () => {
  it("refuses a round robin for more than 16 players, Swiss rounds outside 1 to max - 1, and rounds for another format", async () => {
    const refusals = [
      [{ format: "round_robin", maxPlayers: 17 }, "A round robin takes at most 16 players"],
      [{ format: "swiss", maxPlayers: 8, swissRounds: 8 }, "A Swiss of up to 8 players plays 1 to 7 rounds"],
      [{ format: "double_elimination", swissRounds: 3 }, "Swiss rounds apply only to a Swiss tournament"],
      [{ format: "swiss", swissRounds: 0 }, "A Swiss plays at least 1 round"],
      [{ format: "ladder" }, null],
    ] as const;
    const before = (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
    for (const [body, message] of refusals) {
      const response = await arena.admin.post("/api/admin/tournaments", { name: "Bad Cup", ...body });
      expect(response.statusCode).toBe(400);
      if (message !== null) expect(errorOf(response).message).toBe(message);
    }
    const after = (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
    expect(after.tournaments).toHaveLength(before.tournaments.length);
  });

  it("plays the admin's Swiss rounds, capped at players - 1, and a repeating series keeps its format", async () => {
    const cup = await createTournament(arena.admin, {
      name: "Long Swiss",
      entryFeeMode: "admin",
      format: "swiss",
      swissRounds: 5,
      maxPlayers: 8,
      repeatEveryHours: 1,
    });
    expect(cup).toMatchObject({ format: "swiss", swissRounds: 5 });
    for (const p of pilots.slice(0, 4)) {
      await join(p, cup.id);
      await ready(p, cup.id);
    }
    await adminAction(arena.admin, cup.id, "start");
    expect((await detail(pilots[0]!, cup.id)).tournament.totalRounds).toBe(3);
    await playUntil(arena, cup.id, "completed");
    expect((await tournamentRow(arena.t.db, cup.id)).currentRound).toBe(3);
    arena.clock.advance(3_600_000);
    await arena.t.app.reconciler.runOnce();
    const list = (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
    expect(list.tournaments.find((t) => t.name === "Long Swiss" && t.status === "pending")).toMatchObject({
      format: "swiss",
      swissRounds: 5,
    });
  });
});

describe("a stuck event", () => {
  it("keeps its failed step in the row, shows it to the admin, and moves on once the cause is gone", async () => {
    const id = await started("swiss", 4);
    const [entry] = await arena.t.db
      .select()
      .from(tournamentParticipants)
      .where(eq(tournamentParticipants.tournamentId, id));
    // A snapshot the next round cannot fight with: the step fails and rolls back.
    await arena.t.db
      .update(tournamentParticipants)
      .set({ snapshot: null })
      .where(eq(tournamentParticipants.id, entry!.id));
    const row = await tournamentRow(arena.t.db, id);
    arena.clock.advance(row.nextDueAt!.getTime() - arena.clock.now().getTime());
    expect(await arena.t.app.reconciler.runOnce()).toBe(0);
    const stuck = (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
    const view = stuck.tournaments.find((t) => t.id === id)!;
    expect(view).toMatchObject({ attempts: 1, currentRound: 1 });
    expect(view.lastError).toMatch(/\S/);

    await arena.t.db
      .update(tournamentParticipants)
      .set({ snapshot: entry!.snapshot })
      .where(eq(tournamentParticipants.id, entry!.id));
    arena.clock.advance(1000);
    expect(await arena.t.app.reconciler.runOnce()).toBe(1);
    const moved = (await arena.admin.get("/api/admin/tournaments")).json<AdminTournamentsResponse>();
    expect(moved.tournaments.find((t) => t.id === id)).toMatchObject({
      attempts: 0,
      lastError: null,
      currentRound: 2,
    });
    await playUntil(arena, id, "completed");
  });
});
